import type { ListResult, ModelBody, ModelRow } from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { noPermission, userMessage } from '../../platform/http/errors.js';
import { pageWindow } from '../../platform/http/paging.js';
import { fieldError, notFound } from '../devices/device-errors.js';
import { classify } from '../devices/device-rules.js';
import type { TemplateLookup } from '../templates/template-lookup.service.js';
import type { ModelsRepository, ModelTableRow } from './models.repository.js';

const toRow = (m: ModelTableRow & { deviceCount: number }): ModelRow => ({
  id: m.id,
  name: m.name,
  protocol: m.protocol,
  gateway_protocol: m.gatewayProtocol,
  template_id: m.templateId,
  remark: m.remark,
  owner_user_id: m.ownerUserId,
  device_count: m.deviceCount,
  created_at: m.createdAt.toISOString(),
});

/** Device models (products): defaults for devices created with them. */
export function createModelsService({
  repo,
  templates,
}: {
  repo: ModelsRepository;
  templates: Pick<TemplateLookup, 'findVisible'>;
}) {
  async function visible(scope: Scope, id: number) {
    const m = await repo.findVisible(scope, id);
    if (!m) throw notFound('model');
    return m;
  }

  async function check(scope: Scope, body: Partial<ModelBody>, current?: ModelTableRow) {
    const protocol = body.protocol !== undefined ? body.protocol : (current?.protocol ?? null);
    const gw =
      body.gateway_protocol !== undefined ? body.gateway_protocol : (current?.gatewayProtocol ?? null);
    if (protocol !== null) {
      const cls = classify(protocol, gw);
      if ('field' in cls) throw fieldError(cls.field, cls.message);
    }
    if (body.template_id && !(await templates.findVisible(scope, body.template_id)))
      throw fieldError('template_id', `no template ${body.template_id}`);
  }

  return {
    async list(
      scope: Scope,
      q: { page: number; limit: number; search?: string },
    ): Promise<ListResult<ModelRow>> {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.list(scope, q.search, limit, offset);
      return { rows: rows.map(toRow), total };
    },

    async create(scope: Scope, body: ModelBody): Promise<ModelRow> {
      await check(scope, body);
      const m = await repo.insert({
        ownerUserId: scope.dataOwnerId,
        name: body.name,
        protocol: body.protocol ?? null,
        gatewayProtocol: body.gateway_protocol ?? null,
        templateId: body.template_id ?? null,
        remark: body.remark ?? '',
      });
      return toRow({ ...m, deviceCount: 0 });
    },

    async update(scope: Scope, id: number, body: Partial<ModelBody>): Promise<ModelRow> {
      const m = await visible(scope, id);
      if (m.ownerUserId === null && !scope.isAdmin) throw noPermission();
      await check(scope, body, m);
      await repo.update(id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.protocol !== undefined && { protocol: body.protocol }),
        ...(body.gateway_protocol !== undefined && { gatewayProtocol: body.gateway_protocol }),
        ...(body.template_id !== undefined && { templateId: body.template_id }),
        ...(body.remark !== undefined && { remark: body.remark }),
      });
      return toRow(await visible(scope, id));
    },

    async remove(scope: Scope, id: number): Promise<null> {
      const m = await visible(scope, id);
      if (m.ownerUserId === null && !scope.isAdmin) throw noPermission();
      if (m.deviceCount > 0) throw userMessage('model.inUse', { count: m.deviceCount });
      await repo.remove(id);
      return null;
    },
  };
}
