// npm scripts run on the project's pinned Node (the `node` devDependency); a
// direct `node scripts/...` with an older system Node gets told what to do.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(
    `Carbon Ledger needs Node 24 or newer (this is ${process.version}).\n` +
      'Run it through npm (npm start, npm test): npm uses the Node 24 that `npm install` put in node_modules.\n',
  );
  process.exit(1);
}
