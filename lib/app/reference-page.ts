/** The interactive reference at /docs: Scalar's standalone bundle reading our /openapi.json. */
export const referencePage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Web Extraction Service API reference</title>
</head>
<body>
  <noscript>This reference needs JavaScript. The raw description is at <a href="/openapi.json">/openapi.json</a>.</noscript>
  <script id="api-reference" data-url="/openapi.json"></script>
  <script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>
</body>
</html>`;
