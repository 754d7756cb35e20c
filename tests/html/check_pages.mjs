// Loads each report.html in Debian's headless Chromium (driven by
// playwright-core) at 1,280 px and fails when the page logs a console error,
// throws, requests anything outside the file, lacks one of the elements of its
// kind, or (a grid page) lacks a token value of report.tokens.txt (beside the
// page) in its text, shows a unit's Acc@k other than cells.csv's, wraps a number or interval inside its table cell, or has
// an element reaching past the viewport's right edge (clipped or scrolled
// sideways); writes a full-page screenshot of each.
//   BROWSER_MODULES=<tools/browser/node_modules> node check_pages.mjs [--serve=<port>] <screenshot dir> <kind>:<name>=<report.html> ...
// Kinds: "grid" (a grid report: report.md's text, its plots, the scatter, the
// cells table, every token value, the layout checks) and "page" (a Markdown
// report page: a heading and a table).
// --serve=<port>: also listen on http://127.0.0.1:<port>/ while the pages load
// and fail on every request that reaches it (a page whose authored text points
// there must load nothing: the server sees what the browser really fetched).
// Prints one line per page: "<name>: <figures> figures, <bytes> bytes, screenshot <file>".
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const KINDS = {
  grid: ['#report h1', '#plot-dose-response svg', '#plot-rank-displacement svg', '#plot-scatter svg', '#units'],
  page: ['h1', 'table'],
};
// The flags this machine needs (no network: no background connections).
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// The driver is installed in the workspace, not beside this file.
const { chromium } = createRequire(join(process.env.BROWSER_MODULES || '.', 'x.js'))('playwright-core');

const argv = process.argv.slice(2);
const servePort = argv[0]?.startsWith('--serve=') ? Number(argv.shift().slice('--serve='.length)) : null;
const [outDir, ...pages] = argv;
if (!outDir || pages.length === 0 || (servePort !== null && !Number.isInteger(servePort))) {
  console.error('usage: node check_pages.mjs [--serve=<port>] <screenshot dir> <grid|page>:<name>=<report.html> ...');
  process.exit(2);
}

// The loopback server of --serve: answers 404 and records each request.
const served = [];
async function listenLoopback(port) {
  const server = createServer((req, res) => {
    served.push(req.url);
    res.writeHead(404);
    res.end();
  });
  await new Promise((ok, fail) => {
    server.once('error', (e) => fail(new Error(`--serve: cannot listen on 127.0.0.1:${port}: ${e.message}`)));
    server.listen(port, '127.0.0.1', ok);
  });
  return server;
}
const server = servePort === null ? null : await listenLoopback(servePort);

// Text as a reader sees it: table cells and token columns (" | ") as single
// spaces, every run of white space one space.
const flat = (text) => text.replace(/\s*\|\s*/g, ' ').replace(/\s+/g, ' ');

// Every token of report.tokens.txt beside `file` whose value is not in the
// page's text, as "<key>: <value>".
async function missingTokens(page, file) {
  const tokens = readFileSync(join(dirname(file), 'report.tokens.txt'), 'utf8').split('\n')
    .filter((line) => line && !line.startsWith('#')).map((line) => line.split('\t'));
  const text = flat(await page.locator('body').innerText());
  return tokens.filter(([, value]) => !text.includes(flat(value))).map(([key, value]) => `${key}: ${value}`);
}

// The fields of one cells.csv record (RFC 4180: a quoted field may hold
// commas and doubled quotes; cells.csv has no line break inside a field).
function csvFields(line) {
  const fields = [];
  let field = '', quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') { field += '"'; i++; }
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) { fields.push(field); field = ''; }
    else field += c;
  }
  return [...fields, field];
}

// Every unit whose Acc@k cells in the units table differ from cells.csv
// beside `file` (0 or 1 for 0.0000 or 1.0000, n/a for an empty field), as
// "<unit>: page <cells>, cells.csv <cells>"; a unit of one side only too.
async function accuracyMismatches(page, file) {
  const [header, ...rows] = readFileSync(join(dirname(file), 'cells.csv'), 'utf8').split(/\r?\n/)
    .filter((line) => line).map(csvFields);
  const columns = ['file', 'function'].flatMap((level) => [1, 3, 5, 10].map((k) => header.indexOf(`${level}_acc_at_${k}`)));
  if (columns.includes(-1)) return ['cells.csv lacks a file_acc_at_<k> or function_acc_at_<k> column'];
  const shown = (v) => (v === '' ? 'n/a' : String(Number(v)));
  const expected = new Map(rows.map((r) => [r[header.indexOf('unit_id')], columns.map((c) => shown(r[c])).join(' ')]));
  const onPage = await page.evaluate(() => [...document.querySelectorAll('#units tr')]
    .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent.trim()))
    .filter((cells) => cells.length > 0).map((cells) => [cells[0], cells.slice(6, 14).join(' ')]));
  const problems = onPage.filter(([unit, cells]) => expected.get(unit) !== cells)
    .map(([unit, cells]) => `${unit}: page ${cells}, cells.csv ${expected.get(unit) ?? '(no row)'}`);
  if (onPage.length !== expected.size) problems.push(`${onPage.length} unit rows on the page, ${expected.size} in cells.csv`);
  return problems;
}

// Layout at the viewport's width: a table cell holding only a number or an
// interval ("0.1234 [0.0000, 1.0000]") that spans more than one line, and an
// element whose right edge is past the viewport (clipped or scrolled to).
async function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    for (const td of document.querySelectorAll('td')) {
      const text = td.textContent.trim();
      if (!/^[-+>\d.\[\], ]+$/.test(text) || !/\d/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(td);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`a value wraps in its cell: "${text}"`);
    }
    const width = document.documentElement.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const right = el.getBoundingClientRect().right;
      if (right > width + 0.5) {
        problems.push(`clipped: <${el.tagName.toLowerCase()}> reaches ${Math.round(right)} px of ${width}: "${el.textContent.trim().slice(0, 60)}"`);
      }
    }
    return problems.slice(0, 20);
  });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, timeout: 60000 });
let failures = 0;
try {
  for (const spec of pages) {
    const [kindName, file] = spec.split('=');
    const [kind, name] = kindName.split(':');
    const FIGURES = KINDS[kind];
    if (!FIGURES || !name || !file) {
      console.error(`bad page '${spec}': expected <grid|page>:<name>=<report.html>`);
      process.exit(2);
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const href = pathToFileURL(resolve(file)).href;
    page.on('request', (r) => { if (r.url() !== href) problems.push(`a request leaves the file: ${r.url()}`); });
    await page.goto(href, { waitUntil: 'load', timeout: 30000 });
    for (const selector of FIGURES) {
      if (await page.locator(selector).count() < 1) problems.push(`missing: ${selector}`);
    }
    if (kind === 'grid') {
      const missing = await missingTokens(page, file);
      if (missing.length) {
        problems.push(`${missing.length} token values are not on the page, e.g.\n    ${missing.slice(0, 10).join('\n    ')}`);
      }
      const accuracy = await accuracyMismatches(page, file);
      if (accuracy.length) {
        problems.push(`${accuracy.length} units' Acc@k differ from cells.csv, e.g.\n    ${accuracy.slice(0, 5).join('\n    ')}`);
      }
      problems.push(...await layoutProblems(page));
    }
    const shot = join(outDir, `${name}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await page.close();
    for (const url of served.splice(0)) problems.push(`the loopback server was asked for ${url}`);
    if (problems.length) {
      failures++;
      console.error(`${name} (${file}):\n  ${problems.join('\n  ')}`);
    } else {
      console.log(`${name}: ${FIGURES.length} elements present, ${statSync(file).size} bytes, screenshot ${shot}`);
    }
  }
} finally {
  await browser.close();
  server?.close();
}
process.exit(failures ? 1 : 0);
