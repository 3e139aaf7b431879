/** Strings of file-download in Chinese; en.ts and es.ts have the same shape. */
const zh = {
  fileDownload: {
    export: {
      button: '导出',
      started: '导出任务已创建，完成后可在“文件下载”中下载。',
      open: '前往文件下载',
      background: '后台导出',
    },
    kind: {
      history: '历史数据',
      report: '数据报表',
      alarmlog: '报警记录',
      devices: '设备列表',
      statreport: '统计报表',
      otalog: '升级日志',
      noticelog: '通知记录',
      maintstats: '维保统计',
      otastrace: '升级错误追踪',
    },
    status: {
      all: '全部状态',
      queued: '排队中',
      running: '导出中',
      done: '已完成',
      failed: '失败',
      expired: '已过期',
    },
    col: {
      title: '文件',
      status: '状态',
      rows: '行数',
      size: '大小',
      format: '格式',
      created: '创建时间',
      finished: '完成时间',
      expires: '过期时间',
      actions: '操作',
    },
    download: '下载',
    downloaded: '已开始下载',
    deleteName: '导出任务 {{name}}',
    deleted: '已删除',
    total: '共 {{total}} 个文件',
    unknownError: '未知错误',
    empty: {
      title: '暂无导出文件',
      hint: '在历史数据、数据报表、报警记录或设备列表页面点击“导出”按钮，生成的文件会出现在这里，保留 {{days}} 天。',
      filtered: '没有符合条件的导出任务',
    },
  },
};

export type Texts = typeof zh;

export default zh;
