import { defineBundle, registerBundles } from '../../../shared/i18n/bundle';

/**
 * The runtime's strings, under `scada.runtime` (the list pages keep theirs under `scada.list`).
 * Registered when the lazy runtime chunk loads, so the login page's JavaScript does not carry them.
 */
const zh = {
  scada: {
    runtime: {
      loading: '正在加载组态…',
      notFound: '组态不存在或已被删除',
      notFoundHint: '它可能已被删除，或不属于您可以查看的数据。',
      noPermission: '您没有查看组态的权限',
      loadFailed: '组态加载失败',
      retry: '重试',
      back: '返回',
      templateNeedsDevice: '这是一个组态模板，请选择要显示的设备',
      templateNeedsDeviceHint: '模板按数据点名称绑定，需要在地址中指定设备：?device=<设备 ID>',
      deviceNotOfTemplate: '该设备不是由此模板对应的设备模板创建的',
      pages: '页面',
      fullscreen: '全屏',
      exitFullscreen: '退出全屏',
      emptyPage: '此页面还没有图元',
      devicesOnline: '设备在线 {{online}}/{{total}}',
      missing_one: '设备缺少模板中的 {{count}} 个数据点：{{names}}',
      missing_other: '设备缺少模板中的 {{count}} 个数据点：{{names}}',
      locked: '设备服务已到期，数据已锁定，续费后恢复显示：{{names}}',
      renew: '去续费',
      why: {
        offline: '设备“{{name}}”离线，显示的是最后一次的状态',
        stale: '数据已过期：最后更新于 {{time}}',
        noData: '该数据点还没有上报数据',
        noPoint: '数据点不可用（已删除、不在此设备上或无权查看）',
      },
      write: {
        confirmTitle: '确认发送指令？',
        confirmBody: '向“{{point}}”写入 {{value}}',
        ok: '发送',
        cancel: '取消',
        set: '设置',
        denied: '您没有控制此设备的权限',
        deniedParam: '您没有设置此设备参数的权限',
        readOnlyAccount: '只读账号不能发送指令',
        pointReadOnly: '该数据点只读，不能写入',
        noPoint: '写入的数据点不可用',
        nothingToSend: '表达式没有得到可发送的值',
        outOfRange: '请输入 {{min}} 到 {{max}} 之间的数值',
        sending: '发送中',
        failed: '失败：{{reason}}',
      },
    },
  },
};

const en: typeof zh = {
  scada: {
    runtime: {
      loading: 'Loading the SCADA app…',
      notFound: 'SCADA app not found',
      notFoundHint: 'It may have been deleted, or it is not in the data you may see.',
      noPermission: 'You may not view SCADA apps',
      loadFailed: 'The SCADA app could not be loaded',
      retry: 'Retry',
      back: 'Back',
      templateNeedsDevice: 'This is a SCADA template: choose the device to show',
      templateNeedsDeviceHint:
        'A template binds point names; add the device to the address: ?device=<device id>',
      deviceNotOfTemplate: 'This device was not built from the device template of this drawing',
      pages: 'Pages',
      fullscreen: 'Full screen',
      exitFullscreen: 'Exit full screen',
      emptyPage: 'This page has no elements yet',
      devicesOnline: 'Devices online {{online}}/{{total}}',
      missing_one: 'The device lacks {{count}} point of the template: {{names}}',
      missing_other: 'The device lacks {{count}} points of the template: {{names}}',
      locked: 'Service expired, data locked until renewed: {{names}}',
      renew: 'Renew',
      why: {
        offline: 'Device “{{name}}” is offline: this is its last known state',
        stale: 'Stale value: last updated {{time}}',
        noData: 'This point has not reported a value yet',
        noPoint: 'Point not available (deleted, not on this device, or not yours to see)',
      },
      write: {
        confirmTitle: 'Send this command?',
        confirmBody: 'Write {{value}} to “{{point}}”',
        ok: 'Send',
        cancel: 'Cancel',
        set: 'Set',
        denied: 'You may not control this device',
        deniedParam: 'You may not change this device’s parameters',
        readOnlyAccount: 'A read-only account cannot send commands',
        pointReadOnly: 'This point is read-only',
        noPoint: 'The point to write is not available',
        nothingToSend: 'The expression gave no value to send',
        outOfRange: 'Enter a number from {{min}} to {{max}}',
        sending: 'Sending',
        failed: 'Failed: {{reason}}',
      },
    },
  },
};

const es: typeof zh = {
  scada: {
    runtime: {
      loading: 'Cargando la pantalla SCADA…',
      notFound: 'Pantalla SCADA no encontrada',
      notFoundHint: 'Puede haberse eliminado, o no está en los datos que puede ver.',
      noPermission: 'No tiene permiso para ver pantallas SCADA',
      loadFailed: 'No se pudo cargar la pantalla SCADA',
      retry: 'Reintentar',
      back: 'Volver',
      templateNeedsDevice: 'Es una plantilla SCADA: elija el dispositivo que desea mostrar',
      templateNeedsDeviceHint:
        'Una plantilla enlaza nombres de puntos; añada el dispositivo a la dirección: ?device=<id del dispositivo>',
      deviceNotOfTemplate: 'Este dispositivo no se creó con la plantilla de dispositivo de este dibujo',
      pages: 'Páginas',
      fullscreen: 'Pantalla completa',
      exitFullscreen: 'Salir de pantalla completa',
      emptyPage: 'Esta página aún no tiene elementos',
      devicesOnline: 'Dispositivos en línea {{online}}/{{total}}',
      missing_one: 'Al dispositivo le falta {{count}} punto de la plantilla: {{names}}',
      missing_other: 'Al dispositivo le faltan {{count}} puntos de la plantilla: {{names}}',
      locked: 'Servicio vencido, datos bloqueados hasta renovar: {{names}}',
      renew: 'Renovar',
      why: {
        offline: 'El dispositivo «{{name}}» está desconectado: es su último estado conocido',
        stale: 'Valor obsoleto: última actualización {{time}}',
        noData: 'Este punto aún no ha enviado ningún valor',
        noPoint: 'Punto no disponible (eliminado, no está en este dispositivo o no puede verlo)',
      },
      write: {
        confirmTitle: '¿Enviar este comando?',
        confirmBody: 'Escribir {{value}} en «{{point}}»',
        ok: 'Enviar',
        cancel: 'Cancelar',
        set: 'Fijar',
        denied: 'No tiene permiso para controlar este dispositivo',
        deniedParam: 'No tiene permiso para cambiar los parámetros de este dispositivo',
        readOnlyAccount: 'Una cuenta de solo lectura no puede enviar comandos',
        pointReadOnly: 'Este punto es de solo lectura',
        noPoint: 'El punto que se debe escribir no está disponible',
        nothingToSend: 'La expresión no dio ningún valor que enviar',
        outOfRange: 'Introduzca un número de {{min}} a {{max}}',
        sending: 'Enviando',
        failed: 'Error: {{reason}}',
      },
    },
  },
};

export const scadaRuntimeBundle = defineBundle(zh, en, es);

let registered = false;
/** Adds the runtime's strings to i18next once (the chunk calls it when it loads). */
export function registerScadaRuntimeI18n(): void {
  if (registered) return;
  registered = true;
  registerBundles([scadaRuntimeBundle]);
}
