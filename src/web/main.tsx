import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TodayPage } from './today-page.js';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <TodayPage />
    </StrictMode>,
  );
}
