/** Strings of monitor in Chinese; en.ts and es.ts have the same shape. */
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

export type Texts = typeof zh;

export default zh;
