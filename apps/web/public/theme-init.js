/* global document, window */
// Applies the saved theme and language before the first paint (no flash of the wrong theme).
// A classic script file rather than inline code, so the Content-Security-Policy can stay strict.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('siteledger.theme') || 'system';
    var dark =
      theme === 'dark' ||
      (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var lang = localStorage.getItem('siteledger.language');
    if (lang === 'hi' || lang === 'en') root.lang = lang;
  } catch {
    // Storage unavailable: the app applies its defaults once it starts.
  }
})();
