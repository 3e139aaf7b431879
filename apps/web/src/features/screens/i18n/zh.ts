/** Strings of the monitoring screens and maps in Chinese; en.ts and es.ts have the same shape. */
const zh = {
  screens: {
    map: {
      loading: '正在加载地图…',
      legend: { online: '在线', alarm: '报警', offline: '离线' },
      unplaced_one: '{{count}} 台设备没有位置，未显示在地图上',
      unplaced_other: '{{count}} 台设备没有位置，未显示在地图上',
      truncated: '地图显示了 {{total}} 台设备中的 {{shown}} 台，请缩小筛选范围',
      noValues: '暂无数据',
      detail: '详情',
      scada: '组态',
      history: '历史数据',
      project: '项目',
      group: '分组',
      pick: '在地图上选点',
      pickTitle: '点击地图设置设备位置',
      pickHint: '点击地图上的位置，或在下方输入坐标（WGS-84）',
      pickApply: '使用此位置',
    },
    big: {
      defaultTitle: '设备监控大屏',
      exit: '退出大屏',
      scale: { fit: '适应', width: '宽度铺满', height: '高度铺满', none: '原始尺寸' },
      kpi: { total: '设备总数', online: '在线', offline: '离线', alarm: '报警' },
      alarmTrend: '24 小时报警趋势',
      readings: '每分钟数据量',
      latestAlarms: '最新报警',
      topDevices: '报警最多的设备',
      map: '设备分布',
      noAlarms: '暂无报警',
      live: '实时',
      alarmsUnit_one: '{{count}} 次',
      alarmsUnit_other: '{{count}} 次',
    },
    gis: { title: 'GIS 监控' },
    settings: {
      title: '地图底图',
      offline: '内置离线底图',
      tileUrl: '瓦片地址模板',
      tileUrlHint: '栅格 XYZ 瓦片，例如 https://tiles.example.com/{z}/{x}/{y}.png；留空使用内置离线底图',
      attribution: '版权说明',
      saved: '地图设置已保存',
    },
  },
};

export type Texts = typeof zh;
export default zh;
