import type { Texts } from './zh';

/** Strings of the monitoring screens and maps in Spanish. */
const es: Texts = {
  screens: {
    map: {
      loading: 'Cargando el mapa…',
      legend: { online: 'En línea', alarm: 'Alarma', offline: 'Desconectado' },
      unplaced_one: '{{count}} dispositivo no tiene ubicación y no está en el mapa',
      unplaced_other: '{{count}} dispositivos no tienen ubicación y no están en el mapa',
      truncated: 'El mapa muestra {{shown}} de {{total}} dispositivos; acote el filtro',
      noValues: 'Sin datos todavía',
      detail: 'Detalles',
      scada: 'SCADA',
      history: 'Historial',
      project: 'Proyecto',
      group: 'Grupo',
      pick: 'Elegir en el mapa',
      pickTitle: 'Haga clic en el mapa para fijar la ubicación del dispositivo',
      pickHint: 'Haga clic en un lugar del mapa o escriba las coordenadas abajo (WGS-84)',
      pickApply: 'Usar esta ubicación',
    },
    big: {
      defaultTitle: 'Pantalla de monitorización de dispositivos',
      exit: 'Salir de la pantalla',
      scale: { fit: 'Ajustar', width: 'Llenar ancho', height: 'Llenar alto', none: 'Tamaño real' },
      kpi: { total: 'Dispositivos', online: 'En línea', offline: 'Desconectados', alarm: 'En alarma' },
      alarmTrend: 'Alarmas, últimas 24 horas',
      readings: 'Lecturas por minuto',
      latestAlarms: 'Últimas alarmas',
      topDevices: 'Dispositivos con más alarmas',
      map: 'Mapa de dispositivos',
      noAlarms: 'Sin alarmas',
      live: 'En vivo',
      alarmsUnit_one: '{{count}} alarma',
      alarmsUnit_other: '{{count}} alarmas',
    },
    gis: { title: 'Monitorización GIS' },
    settings: {
      title: 'Mapa base',
      offline: 'Mapa base sin conexión incorporado',
      tileUrl: 'Plantilla de URL de teselas',
      tileUrlHint:
        'Teselas ráster XYZ, p. ej. https://tiles.example.com/{z}/{x}/{y}.png; vacío: el mapa base incorporado',
      attribution: 'Atribución',
      saved: 'Ajustes del mapa guardados',
    },
  },
};

export default es;
