// Jest global setup: the reliability figures in reports/reliability/ are those of this run only
// (the soak's, written by `npm run soak`, are kept: it runs apart from the tests).
const fs = require('node:fs');
const path = require('node:path');

module.exports = async () => {
  const dir = path.resolve(__dirname, '..', 'reports', 'reliability');
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir)) {
    if (entry !== 'invariants-soak' && entry !== 'reads-soak') fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
};
