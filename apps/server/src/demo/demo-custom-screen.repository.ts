import type { CustomScreenDocument } from '@fleet/contracts';
import { and, eq } from 'drizzle-orm';
import { customScreens } from '../modules/custom-screens/custom-screens.table.js';
import type { Executor } from '../platform/db/client.js';

/** The DEMO=1 seed's custom screen rows (straight writes under the demo account, like demo-fleet). */
export const demoCustomScreenRepository = {
  async exists(db: Executor, ownerUserId: number, name: string): Promise<boolean> {
    const [row] = await db
      .select({ id: customScreens.id })
      .from(customScreens)
      .where(and(eq(customScreens.ownerUserId, ownerUserId), eq(customScreens.name, name)));
    return row !== undefined;
  },

  async insertPublished(db: Executor, ownerUserId: number, name: string, document: CustomScreenDocument) {
    await db.insert(customScreens).values({ ownerUserId, name, document, published: true });
  },
};
