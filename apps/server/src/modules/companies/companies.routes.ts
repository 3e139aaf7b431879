import { companyBody, companyListQuery, companyRow, companyUpdateBody } from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { registerDirectoryRoutes } from '../groups/directory.routes.js';
import { createCompaniesService } from '../groups/groups.service.js';

/** /company (docs/api-devices.md "Groups, projects, companies"). */
export const companiesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  registerDirectoryRoutes(app, {
    path: '/company',
    what: 'company',
    tag: 'company',
    permission: 'DeviceCompany',
    query: companyListQuery,
    body: companyBody,
    updateBody: companyUpdateBody,
    row: companyRow,
    service: createCompaniesService(deps.database.db),
  });
};
