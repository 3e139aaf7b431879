import type {
  Customize,
  CustomizeBody,
  CustomizeListQuery,
  CustomizeUpdate,
  ListResult,
  UserCustomize,
  UserCustomizeBody,
} from '@fleet/contracts';
import { notFound, requirePlatform } from '../../platform/auth/access.js';
import type { Scope } from '../../platform/auth/scope.js';
import { paramError, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import type { UserAccounts } from '../users/user-accounts.service.js';
import { normalizeDomain } from './customize.service.js';
import type {
  CustomizeAdminRepository,
  CustomizePatch,
  CustomizeView,
} from './customize-admin.repository.js';

export interface CustomizeAdminDeps {
  repo: CustomizeAdminRepository;
  users: Pick<UserAccounts, 'findById' | 'updateProfile'>;
}

function toCustomize(r: CustomizeView): Customize {
  return {
    id: r.id,
    domain: r.domain,
    platform_title: r.platformTitle,
    bigscreen_title: r.bigscreenTitle,
    owner_user_id: r.ownerUserId,
    owner_username: r.ownerUsername,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

export function createCustomizeAdminService({ repo, users }: CustomizeAdminDeps) {
  async function patchOf(body: CustomizeUpdate): Promise<CustomizePatch> {
    const patch: CustomizePatch = {};
    if (body.domain !== undefined) {
      patch.domain = normalizeDomain(body.domain);
      if (!patch.domain) throw paramError('body.domain: required');
    }
    if (body.platform_title !== undefined) patch.platformTitle = body.platform_title || null;
    if (body.bigscreen_title !== undefined) patch.bigscreenTitle = body.bigscreen_title || null;
    if (body.owner_user_id !== undefined) {
      if (body.owner_user_id !== null && !(await users.findById(body.owner_user_id))) {
        throw notFound('user not found');
      }
      patch.ownerUserId = body.owner_user_id;
    }
    return patch;
  }

  async function existing(id: number): Promise<CustomizeView> {
    const row = await repo.findById(id);
    if (!row) throw notFound('customization not found');
    return row;
  }

  /** GET /auth/user/customize: the data owner's platform title and the caller's big-screen title. */
  async function mine(scope: Scope): Promise<UserCustomize> {
    const own = await repo.findByOwner(scope.dataOwnerId);
    const user = await users.findById(scope.userId);
    return { platform_title: own?.platformTitle ?? null, bigscreen_title: user?.bigscreenTitle ?? null };
  }

  return {
    async list(scope: Scope, q: CustomizeListQuery): Promise<ListResult<Customize>> {
      requirePlatform(scope);
      const { rows, total } = await repo.list(q.search || undefined, pageWindow(q));
      return { rows: rows.map(toCustomize), total };
    },

    async create(scope: Scope, body: CustomizeBody): Promise<Customize> {
      requirePlatform(scope);
      const patch = await patchOf(body);
      const id = await repo.create({ ...patch, domain: patch.domain! });
      if (id === undefined) throw userMessage('customize.domainExists');
      return toCustomize(await existing(id));
    },

    async update(scope: Scope, id: number, body: CustomizeUpdate): Promise<Customize> {
      requirePlatform(scope);
      await existing(id);
      if (!(await repo.update(id, await patchOf(body)))) throw userMessage('customize.domainExists');
      return toCustomize(await existing(id));
    },

    async remove(scope: Scope, id: number): Promise<null> {
      requirePlatform(scope);
      await existing(id);
      await repo.delete(id);
      return null;
    },

    mine,

    async updateMine(scope: Scope, body: UserCustomizeBody): Promise<UserCustomize> {
      await users.updateProfile(scope.userId, { bigscreenTitle: body.bigscreen_title || null });
      return mine(scope);
    },
  };
}
