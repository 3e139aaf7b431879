import {
  ALL_PERMISSIONS,
  type ScreenAlarmsAnswer,
  type ScreenMapAnswer,
  type ScreenPointsAnswer,
  type ScreenScadaAnswer,
  type ScreenSourceData,
  type ScreenStatusAnswer,
  type SharedScreen,
  screenPointIds,
  UserType,
} from '@fleet/contracts';
import type { Scope } from '../../platform/auth/scope.js';
import { userMessage } from '../../platform/http/errors.js';
import type { CustomScreensRepository } from './custom-screens.repository.js';
import { shareTokenHash } from './screen-share-token.js';
import { type ScreenWidgetData, widgetOf, widgetSource } from './screen-widget-data.js';

/**
 * The scope an external link reads with: the screen's owner, for the points its screen binds only
 * (the service never passes any other point id with it).
 */
function ownerScope(ownerUserId: number, path: string): Scope {
  return {
    userId: ownerUserId,
    userType: UserType.AGENT_2,
    path,
    isAdmin: false,
    permissions: new Set(ALL_PERMISSIONS),
    roles: [],
    isDemo: false,
    sessionId: 'screen-share',
    isSubuser: false,
    dataOwnerId: ownerUserId,
    dataPath: path,
  };
}

/**
 * The external link of a shared screen: the token is the credential; everything is read as the
 * screen's owner, and only what the stored document names (its points, each widget's devices).
 */
export function createScreenShareService(deps: {
  repo: Pick<CustomScreensRepository, 'findByShareHash'>;
  read: ScreenWidgetData;
}) {
  const { repo, read } = deps;

  async function shared(token: string) {
    // Looked up by its hash: the table holds no token (screen-share-token.ts).
    const found = token.length >= 20 ? await repo.findByShareHash(shareTokenHash(token)) : undefined;
    if (!found) throw userMessage('screen.shareRevoked', undefined, 404);
    return found;
  }

  /** The shared screen and the owner's scope its widgets are read in. */
  async function opened(token: string) {
    const { screen, ownerPath } = await shared(token);
    return { doc: screen.document, as: ownerScope(screen.ownerUserId, ownerPath) };
  }

  return {
    async sharedScreen(token: string): Promise<SharedScreen> {
      const { screen } = await shared(token);
      return { name: screen.name, version: screen.version, document: screen.document };
    },

    /** Only the points the shared screen binds. */
    async sharedPoints(token: string): Promise<ScreenPointsAnswer> {
      const { doc, as } = await opened(token);
      return read.points(as, screenPointIds(doc));
    },

    async sharedData(token: string, widgetId: string): Promise<ScreenSourceData> {
      const { doc, as } = await opened(token);
      return read.data(as, widgetSource(doc, widgetId));
    },

    /** Only the devices the shared screen's alarm list names. */
    async sharedAlarms(token: string, widgetId: string): Promise<ScreenAlarmsAnswer> {
      const { doc, as } = await opened(token);
      const widget = widgetOf(doc, widgetId, 'alarms');
      return read.alarms(as, widget.devices, widget.rows);
    },

    /**
     * Only the devices the shared screen's status table names: a device outside the owner's scope (a
     * hand-edited document, a device given away since) is left out like any other.
     */
    async sharedStatus(token: string, widgetId: string): Promise<ScreenStatusAnswer> {
      const { doc, as } = await opened(token);
      const widget = widgetOf(doc, widgetId, 'status');
      return read.status(as, widget.devices, widget.columns);
    },

    /**
     * Only the SCADA app the shared screen's widget names. A link has no viewer whose SCADA permission
     * could be asked (the stored screen's route asks the signed-in reader's): the owner chose to show
     * the drawing on the wall and shared it, so it is read with the owner's scope, like every widget here.
     */
    async sharedScada(token: string, widgetId: string): Promise<ScreenScadaAnswer> {
      const { doc, as } = await opened(token);
      return read.scadaView(as, widgetOf(doc, widgetId, 'scada').scada);
    },

    /**
     * The shared screen's map: only the devices it names, in the owner's scope. A map naming none shows
     * none here (not all the owner's devices, which the owner never picked for the link).
     */
    async sharedMap(token: string, widgetId: string): Promise<ScreenMapAnswer> {
      const { doc, as } = await opened(token);
      return read.mapView(as, widgetOf(doc, widgetId, 'map').devices, 'none');
    },
  };
}

export type ScreenShareService = ReturnType<typeof createScreenShareService>;
