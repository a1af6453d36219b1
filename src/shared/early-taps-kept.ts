/**
 * Keeps a tap on a button of a page the server rendered, made before the app's code has made
 * that button live (the app answers it once the button is: src/web/app/early-taps.ts). Each
 * button that opts in names itself with `data-early-tap`. It runs in the head, inline, before the
 * body is painted: a script fetched apart arrives after the page is readable on a slow network,
 * and a tap in between was lost. Plain ES5 in one string, allowed by the server's
 * Content-Security-Policy by its SHA-256 hash (src/server/http/security.ts), which must match the
 * page byte for byte.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var w=window,taps=[],live={};w.__earlyTaps=taps;w.__earlyTapsLive=live;' +
  'document.addEventListener("click",function(e){var t=e.target,' +
  'b=t&&t.closest?t.closest("[data-early-tap]"):null;if(!b)return;' +
  'var n=b.getAttribute("data-early-tap");if(!live[n])taps.push(n)},true)})()';
