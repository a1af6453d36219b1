import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '#shared/search-text';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { Input, Label } from '../../components/ui/form-controls.js';

/** Contents' search box: it opens Search with the words typed. */
export function ContentsSearchForm() {
  const [words, setWords] = useState('');
  const navigate = useNavigate();
  const inputId = useId();
  return (
    <form
      role="search"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(paths.search.getHref(words.trim()));
      }}
    >
      <Label htmlFor={inputId}>Search the readings and your journal</Label>
      <div className="flex items-center gap-2">
        <Input
          id={inputId}
          type="search"
          value={words}
          maxLength={SEARCH_QUERY_MAX}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setWords(event.target.value)}
        />
        <Button type="submit" size="icon" aria-label="Search">
          <Search aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
