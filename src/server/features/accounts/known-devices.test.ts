import { describe, expect, it } from 'vitest';
import { deviceCookieValue, newDeviceId, readDeviceCookie } from './known-devices.ts';

const key = 'test-key';
const device = { userId: '6f1d9a52-3c1e-4d8f-9a41-1b2c3d4e5f60', deviceId: newDeviceId() };

describe('known-device cookies', () => {
  it('reads back the device it was made for', () => {
    expect(readDeviceCookie(key, deviceCookieValue(key, device))).toEqual(device);
  });

  it('refuses a cookie signed with another key, changed, cut short or missing', () => {
    const value = deviceCookieValue(key, device);
    const [userId, deviceId, signature] = value.split('.');
    for (const forged of [
      deviceCookieValue('another key', device),
      `${userId}.${newDeviceId()}.${signature}`,
      `00000000-0000-0000-0000-000000000000.${deviceId}.${signature}`,
      `${userId}.${deviceId}`,
      `${value}.extra`,
      '',
      undefined,
    ]) {
      expect(readDeviceCookie(key, forged), String(forged)).toBeNull();
    }
  });

  it('gives every browser a device id of its own', () => {
    expect(newDeviceId()).not.toBe(newDeviceId());
  });
});
