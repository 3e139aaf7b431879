/** Reading devices and their points also serves the device monitor (SPEC 2.3 Monitor.DeviceMonitor); changing them does not. */
export const readDevices = { permission: ['DeviceManage', 'Monitor.DeviceMonitor'] } as const;
