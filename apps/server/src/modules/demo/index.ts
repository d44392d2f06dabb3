// The demo workspace (docs/decisions/019-demo-workspace.md): not a plugin of the app but a seed
// that start.ts runs once, with SEED_DEMO=1, on an empty database.
export { demoLoginLines, seedDemoDatabase } from './demo.seed.ts';
