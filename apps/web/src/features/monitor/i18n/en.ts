import type { Texts } from './zh';

/** Strings of monitor in English. */
const en: Texts = {
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

export default en;
