import type en from './en';

/** SIM 卡,中文。 */
const zh: typeof en = {
  otaSims: {
    search: 'ICCID 或备注',
    add: '添加 SIM 卡',
    addTitle: '添加 SIM 卡',
    editTitle: '编辑 SIM 卡 {{iccid}}',
    added: 'SIM 卡已添加',
    saved: 'SIM 卡已保存',
    total: '共 {{total}} 张 SIM 卡',
    noExpiry: '无到期日',
    expired: '已到期',
    expiringSoon: '30 天内到期',
    expiresIn: '{{count}} 天后到期',
    deleteKeepsGateways: '使用该卡的网关保留 ICCID,其 SIM 状态将变为空。',
    col: {
      carrier: '运营商',
      status: '状态',
      data: '已用流量',
      expires: '到期日',
      gateways: '网关',
    },
    carrier: {
      'china-mobile': '中国移动',
      'china-unicom': '中国联通',
      'china-telecom': '中国电信',
      other: '其他',
    },
    form: {
      usedMb: '已用流量(MB)',
      limitMb: '流量上限(MB)',
      limitHelp: '留空表示不限',
    },
    import: {
      action: '导入',
      title: '导入 SIM 卡',
      help: '每行一张卡:ICCID、运营商、状态、到期日(YYYY-MM-DD)、已用和上限流量(MB)、备注。只有 ICCID 必填;表头行会被跳过。运营商:china-mobile、china-unicom、china-telecom、other;状态:active、suspended、deactivated。',
      count: '共 {{count}} 张',
      submit: '导入',
      done: '已导入 {{count}} 张 SIM 卡',
      repeatsLine: 'ICCID {{iccid}} 与第 {{line}} 行重复',
      client: {
        iccid: 'ICCID 须为 19 到 20 位数字或字母',
        carrier: '未知运营商(china-mobile、china-unicom、china-telecom、other)',
        status: '未知状态(active、suspended、deactivated)',
        date: '到期日格式须为 YYYY-MM-DD',
        amount: '流量须为不小于 0 的 MB 数',
      },
    },
    link: {
      action: '关联网关',
      title: '使用 {{iccid}} 的网关',
      none: '无网关',
      pick: '按 IMEI 查找网关',
      noGateways: '没有找到网关',
      replaces: '当前 {{iccid}}',
      link: '关联',
      linked: '网关已关联',
      unlink: '取消关联',
      unlinkConfirm: '取消网关 {{imei}} 与此卡的关联?',
      unlinked: '已取消关联',
    },
  },
};
export default zh;
