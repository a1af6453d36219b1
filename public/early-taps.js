// A tap on a button of a page the server rendered, made before the app's code has made that
// button live, would be lost. This small script, which arrives well before the app, keeps such
// taps; the app replays each button's once that button is live (src/web/app/early-taps.ts).
(function () {
  var taps = [];
  var live = {};
  window.__earlyTaps = taps;
  window.__earlyTapsLive = live;
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      var button = target && target.closest ? target.closest('[data-early-tap]') : null;
      if (!button) return;
      var name = button.getAttribute('data-early-tap');
      if (!live[name]) taps.push(name);
    },
    true,
  );
})();
