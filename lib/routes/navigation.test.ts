import { describe, expect, it } from 'vitest';
import { safeReturnPath, loginPathFor, loginReasonMessage } from './navigation';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeReturnPath('/ContextualDict?x=1')).toBe('/ContextualDict?x=1');
    expect(safeReturnPath('/Article/a-b#p2')).toBe('/Article/a-b#p2');
    expect(safeReturnPath('/a/./b/../c')).toBe('/a/c');
    // Encoded slashes and backslashes stay encoded: they are a path segment, not a host.
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeReturnPath('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(safeReturnPath('/文章')).toBe('/%E6%96%87%E7%AB%A0');
  });

  // Every one of these would, used as a Location, leave the site or run script.
  const tricks = [
    '//evil.example',
    '//evil.example/x',
    '/.//evil.example',
    '/././/evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example',
    '/\u0000/evil.example',
    '/\u00a0/evil.example'.replace('\u00a0', '\u0085'),
    'https://evil.example/',
    'http:evil.example',
    '//user@evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' /x',
    'evil.example',
    '',
  ];
  it.each(tricks)('sends %j home', (trick) => {
    expect(safeReturnPath(trick)).toBe('/');
  });

  it('never answers a path that resolves to another origin, whatever the input', () => {
    const pieces = ['/', '//', '.', '..', '%2e', '%2f', '%5c', '\\', 'evil.example', '@', ':', '?', '#', '\t', 'x'];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const out = safeReturnPath(`/${a}${b}${c}`);
          const site = new URL('https://yujing.example');
          expect(new URL(out, site).origin, `/${a}${b}${c} → ${out}`).toBe(site.origin);
          expect(out.startsWith('//')).toBe(false);
        }
  });

  it('does not return to the login screen itself', () => {
    expect(safeReturnPath('/Login')).toBe('/');
    expect(safeReturnPath('/Login/wechat?back=/x')).toBe('/');
    expect(safeReturnPath('/./Login')).toBe('/');
  });

  it('answers home for nothing', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});

describe('loginReasonMessage', () => {
  it('says why for the reasons it knows, and nothing for any other', () => {
    expect(loginReasonMessage('quota')).toBe('今日免费次数已用完，登录后可继续使用');
    expect(loginPathFor('quota')).toBe('/Login?reason=quota');
    for (const other of [null, undefined, '', 'QUOTA', 'toString', '__proto__', 'constructor', ['quota']]) {
      expect(loginReasonMessage(other), String(other)).toBeNull();
    }
  });
});
