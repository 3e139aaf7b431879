/** The demo SCADA app (issue 17 item 5): the drawing is built in demo-scada-document.ts. */
import type { FleetPlan } from '@fleet/device-sim';
import type { Executor } from '../platform/db/client.js';
import { demoScadaPoints, findDemoScadaApp, insertDemoScadaApp } from './demo-scada.repository.js';
import { buildDemoScadaDocument } from './demo-scada-document.js';

export { demoScadaPoints } from './demo-scada.repository.js';
export { buildDemoScadaDocument, DEMO_SCADA_NAME } from './demo-scada-document.js';

/**
 * Creates the demo SCADA app for the demo account once (idempotent by name: a restart, or a demo user's
 * edits, keep the existing drawing). Call after the demo devices exist.
 */
export async function ensureDemoScada(db: Executor, ownerUserId: number, plan: FleetPlan): Promise<void> {
  if (await findDemoScadaApp(db, ownerUserId)) return;
  const document = buildDemoScadaDocument(await demoScadaPoints(db, plan));
  await insertDemoScadaApp(db, ownerUserId, document);
}
