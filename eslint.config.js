import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

// The layers of src/, top to bottom: a folder imports only from layers below its own, never from
// a sibling in its layer (docs/design.md, "Folders").
const LAYERS = [
  ['app'],
  ['features'],
  ['shared'],
  ['objects'],
  ['connection'],
  ['api', 'routes'],
  ['speckle'],
  ['lib', 'bytes'],
];
// One folder per capability under src/features. A feature reaches another only through that
// one's index.ts, its public face; app/ composes them the same way.
const FEATURES = [
  'compare',
  'connection',
  'doctor',
  'explore',
  'exports',
  'files',
  'links',
  'lookup',
  'search',
  'table',
];
const publicFaces = (except) =>
  FEATURES.filter((feature) => feature !== except).map((feature) => `./${feature}/index.ts`);

const layerZones = LAYERS.flatMap((layer, depth) =>
  layer.map((folder) => ({
    target: `./src/${folder}`,
    from: [...LAYERS.slice(0, depth).flat(), ...layer.filter((other) => other !== folder)].map(
      (other) => `./src/${other}`,
    ),
    message: `src/${folder} sits below these folders in the layering: it may not import them.`,
  })),
);
const featureZones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...publicFaces(feature)],
    message: "A feature uses another only through that feature's index.ts.",
  })),
  {
    target: ['./src/app', './src/main.tsx'],
    from: './src/features',
    except: publicFaces(),
    message: 'app/ composes features through their index.ts, never their inner files.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'public/mockServiceWorker.js'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // This rule guards React Compiler's memoisation, which this project does not use.
      'react-hooks/incompatible-library': 'off',
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // The benchmark and CI scripts are plain JavaScript, so that Node 20 runs them without a build.
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.wat'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones.filter((zone) => zone.from.length > 0), ...featureZones] },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // One way in: only the API layer talks to the network.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/api calls fetch.' }],
    },
  },
  {
    // Speckle's rules and the byte scanners are pure: no I/O, no timers, no scheduling, no React.
    files: ['src/speckle/**/*.ts', 'src/bytes/**/*.ts', 'src/features/*/core/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'fetch',
          'setTimeout',
          'setInterval',
          'requestAnimationFrame',
          'AbortController',
          'MessageChannel',
          'Worker',
          'localStorage',
          'sessionStorage',
          'document',
          'window',
        ].map((name) => ({
          name,
          message: `src/speckle, src/bytes and features' core/ are pure: no ${name}.`,
        })),
      ],
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', '@tanstack/*'] }],
    },
  },
);
