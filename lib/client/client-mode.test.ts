import { describe, expect, it } from 'vitest';
import { clientModeOf, gridColumns } from './client-mode';

describe('client modes', () => {
  it('recognises the embedded app, WeChat, phones and tablets', () => {
    expect(clientModeOf('Mozilla/5.0 (iPhone) Mobile isApp=true')).toMatchObject({ isApp: true, isPhone: true, isTablet: false });
    expect(clientModeOf('Mozilla/5.0 (Linux; Android 13; Pixel) Mobile MicroMessenger/8.0')).toMatchObject({
      isWechat: true,
      isPhone: true,
    });
    expect(clientModeOf('Mozilla/5.0 (iPad; CPU OS 17_0)')).toMatchObject({ isTablet: true, isPhone: false });
    expect(clientModeOf('Mozilla/5.0 (Linux; Android 13; SM-X700)')).toMatchObject({ isTablet: true });
    expect(clientModeOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toEqual({
      isApp: false,
      isPhone: false,
      isTablet: false,
      isWechat: false,
    });
  });

  it('reads only the first 500 characters of the user agent', () => {
    expect(clientModeOf(`${'x'.repeat(500)}isApp=true`).isApp).toBe(false);
    expect(clientModeOf(`${'x'.repeat(490)}isApp=true`).isApp).toBe(true);
  });
});

describe('grid columns', () => {
  it.each([
    [375, 1],
    [767, 1],
    [768, 2],
    [999, 2],
    [1000, 3],
    [1299, 3],
    [1300, 4],
    [1440, 4],
  ])('%i px → %i columns', (width, columns) => {
    expect(gridColumns(width)).toBe(columns);
  });
});
