"""The referee in a web page: a static folder that runs ``ena_rules`` in the browser (Pyodide).

:func:`~ena_rules.web.build.build_site` (``ena-rules site OUT``) writes the folder;
:mod:`ena_rules.web.bridge` is what the page's worker calls; ``static/`` holds the page.
"""
