import type {
  DataPointRow,
  DeviceCounters,
  DeviceRow,
  PointConfig,
  PortRow,
  TranslateItem,
} from '@fleet/contracts';
import type { DeviceCountersRow } from './device-counters.repository.js';
import type { DeviceRecord } from './devices.repository.js';
import type { NewPoint, PointTableRow, PortTableRow } from './points.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Zeros and nulls for a device whose link never had a problem. */
export function toCountersRow(c: DeviceCountersRow | undefined): DeviceCounters {
  return {
    malformed: c?.malformed ?? 0,
    exceptions: c?.exceptions ?? 0,
    timeouts: c?.timeouts ?? 0,
    last_malformed_at: iso(c?.lastMalformedAt ?? null),
    last_exception_at: iso(c?.lastExceptionAt ?? null),
    last_timeout_at: iso(c?.lastTimeoutAt ?? null),
  };
}

export function toDeviceRow(d: DeviceRecord): DeviceRow {
  return {
    id: d.id,
    device_title: d.title,
    binder_devtitle: d.binderTitle,
    device_imei: d.imei,
    device_sharecode: d.sharecode,
    model_id: d.modelId,
    device_model: d.deviceModel,
    protocol: d.protocol,
    gateway_protocol: d.gatewayProtocol,
    device_class: d.deviceClass,
    owner_user_id: d.ownerUserId,
    owner_username: d.ownerUsername,
    assigned: !d.owned,
    project_id: d.projectId,
    project_name: d.projectName,
    group_id: d.groupId,
    group_name: d.groupName,
    company_id: d.companyId,
    company_name: d.companyName,
    lat: d.lat,
    lng: d.lng,
    address: d.address,
    remark: d.remark,
    expire_at: iso(d.expireAt),
    status: d.status,
    alarm_type: d.alarmType,
    online_at: iso(d.onlineAt),
    legacy_registration: d.legacyRegistration,
    heartbeat: d.heartbeat,
    heartbeat_interval_s: d.heartbeatIntervalS,
    csq: d.csq,
    template_id: d.templateId,
    template_version: d.templateVersion,
    created_at: d.createdAt.toISOString(),
  };
}

export function toPortRow(p: PortTableRow): PortRow {
  return {
    id: p.id,
    device_id: p.deviceId,
    name: p.name,
    kind: p.kind,
    baud: p.baud,
    data_bits: p.dataBits,
    parity: p.parity,
    stop_bits: p.stopBits,
    uart_read_ms: p.uartReadMs,
    poll_interval_s: p.pollIntervalS,
  };
}

/** The configuration of a stored point (slave_id is the Modbus id of its slave, or null). */
export function toPointConfig(p: PointTableRow, slaveId: number | null): PointConfig {
  return {
    name: p.name,
    title: p.title,
    slave_id: slaveId,
    type: p.type as PointConfig['type'],
    source_kind: p.sourceKind as PointConfig['source_kind'],
    data_type: p.dataType as PointConfig['data_type'],
    area: p.area as PointConfig['area'],
    address: p.address,
    db_number: p.dbNumber,
    register_count: p.registerCount,
    byte_order: p.byteOrder as PointConfig['byte_order'],
    scale: p.scale,
    offset: p.offset,
    decimals: p.decimals,
    unit: p.unit,
    storage_mode: p.storageMode as PointConfig['storage_mode'],
    storage_interval_s: p.storageIntervalS,
    tolerance: p.tolerance,
    collect_mode: p.collectMode as PointConfig['collect_mode'],
    access: p.access as PointConfig['access'],
    trigger_enable: p.triggerEnable as PointConfig['trigger_enable'],
    lolmt: p.lolmt,
    uplmt: p.uplmt,
    ds_config: { translate: (p.dsConfig?.translate ?? []) as TranslateItem[] },
  };
}

export function toPointRow(p: PointTableRow, slaveId: number | null): DataPointRow {
  return { id: p.id, device_id: p.deviceId, ...toPointConfig(p, slaveId) };
}

export function toPointValues(c: PointConfig, deviceId: number, slaveRef: number | null, sort = 0): NewPoint {
  return {
    deviceId,
    slaveRef,
    name: c.name,
    title: c.title,
    type: c.type,
    sourceKind: c.source_kind,
    dataType: c.data_type,
    area: c.area,
    address: c.address,
    dbNumber: c.db_number,
    registerCount: c.register_count,
    byteOrder: c.byte_order,
    scale: c.scale,
    offset: c.offset,
    decimals: c.decimals,
    unit: c.unit,
    storageMode: c.storage_mode,
    storageIntervalS: c.storage_interval_s,
    tolerance: c.tolerance,
    collectMode: c.collect_mode,
    access: c.access,
    triggerEnable: c.trigger_enable,
    lolmt: c.lolmt,
    uplmt: c.uplmt,
    dsConfig: { translate: c.ds_config.translate },
    sort,
  };
}
