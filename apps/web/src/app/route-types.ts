import type { ModuleKey, ModuleSwitches } from '@fleet/contracts';
import type { ComponentType, ReactNode } from 'react';

/** What route filtering needs to know about the signed-in user (SPEC 2.3, 6). */
export interface AccessContext {
  authList: readonly string[];
  userType: number;
  roles: readonly string[];
  modules: ModuleSwitches;
  /** SPEC 1: the fixed OTA host (server OTA_HOST, from the system config), null when there is none. */
  otaHost?: string | null;
  /** The host the app is served from (`location.host`), to tell whether this is the OTA host. */
  currentHost?: string;
}

export interface RouteMeta {
  /** i18n key of the menu entry, tab and browser title. */
  titleKey: string;
  /** A title given by a user (a published custom screen's name), shown as it is instead of `titleKey`. */
  title?: string;
  icon?: ReactNode;
  /** Permission string from the auth list, or a predicate over the access context. */
  permission?: string | ((ctx: AccessContext) => boolean);
  /** When set, only these user types see the route (checked before `permission`, SPEC 6). */
  userTypes?: readonly number[];
  /** Role requirement: users without one of these (and without admin) are sent to /401. */
  roles?: readonly string[];
  /** Module switch the route belongs to; absent while the module is off. */
  module?: ModuleKey;
  /** Reachable but not in the menu. */
  hidden?: boolean;
  /**
   * Shown in the menu only when this holds (the route stays reachable otherwise, as if `hidden`): SPEC
   * 2.3's SCADA group, whose pages need IndScada but whose menu group needs ScadaManager and
   * ScadaNavbarShow as well.
   */
  menu?: (ctx: AccessContext) => boolean;
  /**
   * SPEC 2.4 big-screen layout: the page renders outside the shell (no navbar, sidebar, tabs), guarded
   * the same way; it is not added to the tab bar.
   */
  fullScreen?: boolean;
  /** Remount and refetch on every visit. */
  noCache?: boolean;
  /**
   * Menu entry that opens this URL in a new window instead of a page. A function decides from the
   * access context (the OTA host's address); when it answers null the entry is left out.
   */
  external?: string | ((ctx: AccessContext) => string | null);
}

export type PageModule = { default: ComponentType };

export interface AppRoute {
  /** Absolute ('/user') at the top level, relative ('me') below a group. */
  path: string;
  meta?: RouteMeta;
  /** Lazy page module (leaf routes). Every page is its own chunk. */
  page?: () => Promise<PageModule>;
  children?: AppRoute[];
}

/** A page route with its absolute path, as the router and the guard use it. */
export interface LeafRoute {
  fullPath: string;
  meta?: RouteMeta;
  page?: () => Promise<PageModule>;
  /** Metas of the enclosing groups, outermost first. */
  parents: RouteMeta[];
}
