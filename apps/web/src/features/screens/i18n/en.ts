import type { Texts } from './zh';

/** Strings of the monitoring screens and maps in English. */
const en: Texts = {
  screens: {
    map: {
      loading: 'Loading the map…',
      legend: { online: 'Online', alarm: 'Alarm', offline: 'Offline' },
      unplaced_one: '{{count}} device has no location and is not on the map',
      unplaced_other: '{{count}} devices have no location and are not on the map',
      truncated: 'The map shows {{shown}} of {{total}} devices; narrow the filter',
      noValues: 'No data yet',
      detail: 'Details',
      scada: 'SCADA',
      history: 'History',
      project: 'Project',
      group: 'Group',
      pick: 'Pick on the map',
      pickTitle: "Click the map to set the device's location",
      pickHint: 'Click a place on the map, or type the coordinates below (WGS-84)',
      pickApply: 'Use this location',
    },
    big: {
      defaultTitle: 'Device monitoring screen',
      exit: 'Exit the big screen',
      scale: { fit: 'Fit', width: 'Fill width', height: 'Fill height', none: 'Real size' },
      kpi: { total: 'Devices', online: 'Online', offline: 'Offline', alarm: 'Alarming' },
      alarmTrend: 'Alarms, last 24 hours',
      readings: 'Readings per minute',
      latestAlarms: 'Latest alarms',
      topDevices: 'Most alarming devices',
      map: 'Device map',
      noAlarms: 'No alarms',
      live: 'Live',
      alarmsUnit_one: '{{count}} alarm',
      alarmsUnit_other: '{{count}} alarms',
    },
    gis: { title: 'GIS monitoring' },
    settings: {
      title: 'Map basemap',
      offline: 'Built-in offline basemap',
      tileUrl: 'Tile URL template',
      tileUrlHint:
        'Raster XYZ tiles, e.g. https://tiles.example.com/{z}/{x}/{y}.png; empty: the built-in offline basemap',
      attribution: 'Attribution',
      saved: 'Map settings saved',
    },
  },
};

export default en;
