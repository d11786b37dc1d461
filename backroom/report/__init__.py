"""Balance reports: plots (``charts``) and the self-contained HTML page that holds them
(``page``). Needs the ``report`` extra (matplotlib); nothing else in Backroom imports it."""
