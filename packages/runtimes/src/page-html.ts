import { GLOBAL_NAME } from './bundle.js';

/**
 * The page Chromium loads: the bundle as a classic script, then a module that fetches Node's
 * input, runs the picks and reports them (or the error) in `#report`, with `data-state` set last.
 */
export const pageHtml = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Shortlist in Chromium</title>
<pre id="report">running</pre>
<script src="/shortlist.js"></script>
<script type="module">
  const out = document.getElementById('report');
  try {
    const input = await (await fetch('/input.json')).json();
    out.textContent = await ${GLOBAL_NAME}.runPicks(input);
    out.dataset.state = 'done';
  } catch (error) {
    out.textContent = String(error && error.stack ? error.stack : error);
    out.dataset.state = 'failed';
  }
</script>
</html>
`;
