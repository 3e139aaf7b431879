import type { Texts } from './zh';

/** Strings of monitor in Spanish. */
const es: Texts = {
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

export default es;
