// The capability map (docs/architecture.md, "Capabilities"), checked over every top-level folder by dependency-cruiser.
// Known violations that are not fixed yet sit in .dependency-cruiser-known-violations.json
// (`npm run depcruise:baseline` rewrites it); anything new fails `npm run depcruise`.

/** Capabilities: the same slices in contracts, ledger-service, projections and the console's features. */
const CAPABILITIES = 'orders|credits|projects|xrpl|kyc|aml|compliance|portfolio|market|auth|audit|realtime|health|funds';
/** Folders of a package that are not capabilities and must stay below them. */
const FOUNDATIONS = 'shared|infrastructure';
const SERVER_PACKAGES = 'contracts|ledger-service|projections';
const PACKAGES = 'contracts|ledger-service|projections|xrpl-sandbox|console|bench-kit|bench';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules form no cycles: a cycle makes load order matter and ties the modules in it into one. A cycle closed only by type imports has no run-time order and is allowed.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'capabilities-share-only-contracts-and-core',
      severity: 'error',
      comment: 'A capability imports no other capability of its package; they share contracts and the declared core (credit-market).',
      from: { path: `^(${SERVER_PACKAGES})/src/(${CAPABILITIES})/` },
      to: { path: `^$1/src/(${CAPABILITIES})/`, pathNot: `^$1/src/$2/` },
    },
    {
      name: 'console-features-share-only-contracts',
      severity: 'error',
      comment: 'A console feature imports no other feature; screens (app/routes) compose features.',
      from: { path: `^console/src/features/(${CAPABILITIES}|landing)/` },
      to: { path: `^console/src/features/(${CAPABILITIES}|landing)/`, pathNot: '^console/src/features/$1/' },
    },
    {
      name: 'capabilities-use-only-contracts-from-other-packages',
      severity: 'error',
      comment: 'From the other packages of the repository a capability uses only contracts (@carbon-ledger/contracts).',
      from: { path: `^(ledger-service|projections)/src/(${CAPABILITIES})/` },
      to: { path: `^(${PACKAGES})/`, pathNot: '^(contracts|$1)/' },
    },
    {
      name: 'foundations-import-no-capability',
      severity: 'error',
      comment: 'shared and infrastructure sit below the capabilities: they import none (a capability plugs in through a port).',
      from: { path: `^(${SERVER_PACKAGES}|console)/src/(${FOUNDATIONS})/` },
      to: { path: [`^$1/src/(${CAPABILITIES}|credit-market)/`, `^console/src/features/`] },
    },
    {
      name: 'core-imports-no-capability',
      severity: 'error',
      comment: 'The core (credit-market) is shared by the capabilities, so it imports none of them.',
      from: { path: `^(${SERVER_PACKAGES})/src/credit-market/` },
      to: { path: `^$1/src/(${CAPABILITIES})/` },
    },
    {
      name: 'contracts-import-no-server-package',
      severity: 'error',
      comment: 'contracts is the shared vocabulary: it imports no other package of the repository.',
      from: { path: '^contracts/' },
      to: { path: `^(ledger-service|projections|xrpl-sandbox|console|bench-kit)/` },
    },
    {
      name: 'console-imports-no-server-code',
      severity: 'error',
      comment: 'The console imports contracts only.',
      from: { path: '^console/' },
      to: { path: '^(ledger-service|projections|xrpl-sandbox|bench-kit)/' },
    },
    {
      name: 'nothing-imports-the-benchmarks',
      severity: 'error',
      comment: 'The bench workspace measures the other packages through their names; none of them (their tests neither) imports it.',
      from: { pathNot: '^bench/' },
      to: { path: '^bench/' },
    },
    {
      name: 'no-reaching-into-another-package',
      severity: 'error',
      comment: 'A package (its tests too) uses another package through its name (@carbon-ledger/...), never by a relative path into its src.',
      from: { path: `^(${PACKAGES}|e2e|test-support|scripts)/` },
      to: { path: `^(${PACKAGES})/src/`, pathNot: '^$1/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'] },
    },
  ],
  options: {
    includeOnly: `^(${PACKAGES}|e2e|test-support|scripts)/`,
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
