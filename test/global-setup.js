// Jest global setup: the reliability figures in reports/reliability/ are those of this run only.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async () => {
  fs.rmSync(path.resolve(__dirname, '..', 'reports', 'reliability'), { recursive: true, force: true });
};
