// A tap on a button of a page the server rendered, made before the app's code has made the
// page live, would be lost. This small script, which arrives well before the app, keeps such
// taps; the app replays them once it is live (src/web/app/early-taps.ts).
(function () {
  var taps = [];
  window.__earlyTaps = taps;
  document.addEventListener(
    'click',
    function (event) {
      if (window.__earlyTapsTaken) return;
      var target = event.target;
      var button = target && target.closest ? target.closest('[data-early-tap]') : null;
      if (button) taps.push(button.getAttribute('data-early-tap'));
    },
    true,
  );
})();
