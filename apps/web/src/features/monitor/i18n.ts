import { defineBundle } from '../../shared/i18n/bundle';

const zh = {
  monitor: {
    searchPlaceholder: '设备名称或 IMEI',
    group: '分组',
    view: { list: '列表', map: '地图' },
    total: '共 {{total}} 台设备',
    imei: 'IMEI',
    lastUpdate: '最后更新',
    noPoints: '没有可显示的数据点',
    never: '未上报',
    more_one: '另有 {{count}} 个数据点',
    more_other: '另有 {{count}} 个数据点',
    detail: '详情',
    empty: '暂无设备',
    emptyFiltered: '没有符合条件的设备',
    live: '实时更新',
    map: {
      loading: '正在加载地图…',
      withoutCoords_one: '{{count}} 台设备没有经纬度，未在地图上显示',
      withoutCoords_other: '{{count}} 台设备没有经纬度，未在地图上显示',
      truncated: '地图最多显示前 {{limit}} 台设备（共 {{total}} 台），请缩小筛选范围',
      empty: '当前筛选下没有设备',
      noneLocated: '没有设置经纬度的设备，可在设备编辑中填写经纬度',
      legend: { normal: '正常', offline: '离线', alarm: '报警' },
      clickHint: '点击标记查看设备详情',
    },
  },
};

const en: typeof zh = {
  monitor: {
    searchPlaceholder: 'Device name or IMEI',
    group: 'Group',
    view: { list: 'List', map: 'Map' },
    total: '{{total}} devices',
    imei: 'IMEI',
    lastUpdate: 'Last update',
    noPoints: 'No data points to show',
    never: 'Not reported',
    more_one: '{{count}} more data point',
    more_other: '{{count}} more data points',
    detail: 'Details',
    empty: 'No devices',
    emptyFiltered: 'No devices match the filter',
    live: 'Live',
    map: {
      loading: 'Loading the map…',
      withoutCoords_one: '{{count}} device has no coordinates and is not on the map',
      withoutCoords_other: '{{count}} devices have no coordinates and are not on the map',
      truncated: 'The map shows the first {{limit}} of {{total}} devices; narrow the filter',
      empty: 'No devices match the filter',
      noneLocated: 'No device has coordinates yet; set latitude and longitude when editing a device',
      legend: { normal: 'Normal', offline: 'Offline', alarm: 'Alarm' },
      clickHint: 'Click a marker to open the device',
    },
  },
};

const es: typeof zh = {
  monitor: {
    searchPlaceholder: 'Nombre del dispositivo o IMEI',
    group: 'Grupo',
    view: { list: 'Lista', map: 'Mapa' },
    total: '{{total}} dispositivos',
    imei: 'IMEI',
    lastUpdate: 'Última actualización',
    noPoints: 'No hay puntos de datos que mostrar',
    never: 'Sin datos',
    more_one: '{{count}} punto de datos más',
    more_other: '{{count}} puntos de datos más',
    detail: 'Detalles',
    empty: 'No hay dispositivos',
    emptyFiltered: 'Ningún dispositivo coincide con el filtro',
    live: 'En vivo',
    map: {
      loading: 'Cargando el mapa…',
      withoutCoords_one: '{{count}} dispositivo no tiene coordenadas y no aparece en el mapa',
      withoutCoords_other: '{{count}} dispositivos no tienen coordenadas y no aparecen en el mapa',
      truncated: 'El mapa muestra los primeros {{limit}} de {{total}} dispositivos; acote el filtro',
      empty: 'Ningún dispositivo coincide con el filtro',
      noneLocated:
        'Ningún dispositivo tiene coordenadas; indique latitud y longitud al editar un dispositivo',
      legend: { normal: 'Normal', offline: 'Desconectado', alarm: 'Alarma' },
      clickHint: 'Haga clic en un marcador para abrir el dispositivo',
    },
  },
};

/** Strings of the device monitor (/deviceMonitor/index). */
export const monitorBundle = defineBundle(zh, en, es);
