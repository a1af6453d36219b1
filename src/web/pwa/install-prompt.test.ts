import { describe, expect, it } from 'vitest';
import {
  IOS_HINT_DELAY_MS,
  canAddToDock,
  type InstallPromptFacts,
  installPromptView,
  isFlagSet,
  isIOSUserAgent,
} from './install-prompt.js';

const offered: InstallPromptFacts = {
  isStandalone: false,
  installed: false,
  dismissedThisSession: false,
  isIOS: false,
  canAddToDock: false,
  hasDeferredPrompt: true,
  elapsedMs: 0,
};

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('what the install banner shows', () => {
  it('offers the Install button once the browser kept an install event', () => {
    expect(installPromptView(offered)).toBe('install-button');
    expect(installPromptView({ ...offered, hasDeferredPrompt: false })).toBe('hidden');
  });

  it('stays hidden when already standalone, installed, or dismissed this session', () => {
    expect(installPromptView({ ...offered, isStandalone: true })).toBe('hidden');
    expect(installPromptView({ ...offered, installed: true })).toBe('hidden');
    expect(installPromptView({ ...offered, dismissedThisSession: true })).toBe('hidden');
  });

  it('shows the iOS steps only after 3 s, with no install event needed', () => {
    const ios = { ...offered, isIOS: true, hasDeferredPrompt: false };
    expect(installPromptView({ ...ios, elapsedMs: 0 })).toBe('hidden');
    expect(installPromptView({ ...ios, elapsedMs: IOS_HINT_DELAY_MS - 1 })).toBe('hidden');
    expect(installPromptView({ ...ios, elapsedMs: IOS_HINT_DELAY_MS })).toBe('ios-instructions');
    expect(IOS_HINT_DELAY_MS).toBe(3000);
  });

  it('never shows the iOS steps from the home screen, after install, or once dismissed', () => {
    const late = { ...offered, isIOS: true, elapsedMs: 10_000 };
    expect(installPromptView({ ...late, isStandalone: true })).toBe('hidden');
    expect(installPromptView({ ...late, installed: true })).toBe('hidden');
    expect(installPromptView({ ...late, dismissedThisSession: true })).toBe('hidden');
  });
});

describe('Safari on a Mac', () => {
  const firefoxMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
  const chromeMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const safari16 =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15';

  it('adds to the Dock from Safari 17, and the banner says how after 3 s', () => {
    expect(canAddToDock(macSafari)).toBe(true);
    const mac = { ...offered, canAddToDock: true, hasDeferredPrompt: false };
    expect(installPromptView({ ...mac, elapsedMs: IOS_HINT_DELAY_MS - 1 })).toBe('hidden');
    expect(installPromptView({ ...mac, elapsedMs: IOS_HINT_DELAY_MS })).toBe('dock-instructions');
    expect(installPromptView({ ...mac, elapsedMs: 10_000, isStandalone: true })).toBe('hidden');
  });

  it('offers no install in Firefox, older Safari, Chrome (its own event), an iPad or a phone', () => {
    expect(canAddToDock(firefoxMac)).toBe(false);
    expect(canAddToDock(safari16)).toBe(false);
    expect(canAddToDock(chromeMac)).toBe(false);
    expect(canAddToDock(macSafari, 5)).toBe(false);
    expect(canAddToDock(iPhoneSafari)).toBe(false);
    expect(canAddToDock(androidChrome)).toBe(false);
    expect(installPromptView({ ...offered, hasDeferredPrompt: false, elapsedMs: 10_000 })).toBe(
      'hidden',
    );
  });
});

describe('recognising iOS', () => {
  it('knows an iPhone, and an iPad that calls itself a Mac', () => {
    expect(isIOSUserAgent(iPhoneSafari)).toBe(true);
    expect(isIOSUserAgent(macSafari, 5)).toBe(true);
  });

  it('does not mistake a Mac or an Android phone for iOS', () => {
    expect(isIOSUserAgent(macSafari, 0)).toBe(false);
    expect(isIOSUserAgent(androidChrome, 5)).toBe(false);
  });
});

describe('the stored flags', () => {
  it('count as set only with the value the banner writes', () => {
    expect(isFlagSet('true')).toBe(true);
    expect(isFlagSet(null)).toBe(false);
    expect(isFlagSet('false')).toBe(false);
  });
});
