"""The workbench in the browser: `yimao serve` and the self-contained `--html` reports.

Both render the same Jinja2 templates from the same page builders, so a shared report shows exactly
what the server shows, minus the links that need a server.
"""
