import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { customize } from './customize.table.js';

export type CustomizeRow = typeof customize.$inferSelect;
export type NewCustomize = Omit<typeof customize.$inferInsert, 'id' | 'createdAt'>;

export function createCustomizeRepository(db: Executor) {
  return {
    async findByDomain(domain: string, tx: Executor = db): Promise<CustomizeRow | undefined> {
      const [row] = await tx.select().from(customize).where(eq(customize.domain, domain));
      return row;
    },

    async upsert(input: NewCustomize, tx: Executor = db): Promise<CustomizeRow> {
      const [row] = await tx
        .insert(customize)
        .values(input)
        .onConflictDoUpdate({
          target: customize.domain,
          set: { platformTitle: input.platformTitle, bigscreenTitle: input.bigscreenTitle },
        })
        .returning();
      return row!;
    },
  };
}

export type CustomizeRepository = ReturnType<typeof createCustomizeRepository>;
