import {
  groupBody,
  groupListQuery,
  groupRow,
  groupUpdateBody,
  projectBody,
  projectListQuery,
  projectRow,
  projectUpdateBody,
} from '@fleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { registerDirectoryRoutes } from './directory.routes.js';
import { createGroupsService, createProjectsService } from './groups.service.js';

/** /device/group and /device/project (docs/api-devices.md "Groups, projects, companies"). */
export const groupsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const db = deps.database.db;
  registerDirectoryRoutes(app, {
    path: '/device/group',
    what: 'device group',
    tag: 'device group',
    permission: 'DeviceManage',
    query: groupListQuery,
    body: groupBody,
    updateBody: groupUpdateBody,
    row: groupRow,
    service: createGroupsService(db),
  });
  registerDirectoryRoutes(app, {
    path: '/device/project',
    what: 'project',
    tag: 'project',
    permission: 'DeviceManage',
    query: projectListQuery,
    body: projectBody,
    updateBody: projectUpdateBody,
    row: projectRow,
    service: createProjectsService(db),
  });
};
