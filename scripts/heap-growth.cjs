// Preloaded into the Next server (`--require`) by scripts/serve.mjs, which sets
// SITE_HEAP_GROWTH_PERCENT. It sets how far V8 lets the heap grow past what was live at the last full
// collection: its own factor goes up to 4× under a busy allocation rate, and then a site whose live
// objects are about 60 MB holds 500+ MB while busy; at 50% it holds about half of that with the same
// throughput (bench/README.md, "Memory over mixed use"). V8 reads the setting at every full
// collection, so setting it here, after the VM has started, takes effect (measured in bench:memory).
// Unset or 0: V8's own factor.
'use strict';
const percent = Number.parseInt(process.env.SITE_HEAP_GROWTH_PERCENT ?? '', 10);
if (percent > 0) require('node:v8').setFlagsFromString(`--heap-growing-percent=${percent}`);
