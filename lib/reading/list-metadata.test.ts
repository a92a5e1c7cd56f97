import { describe, expect, it } from 'vitest';
import { listMetadata } from './list-metadata';

describe('listMetadata', () => {
  it('gives the first page the bare path as canonical', () => {
    const meta = listMetadata({ title: '经典', description: 'd', path: '/classic' });
    expect(meta.title).toBe('经典');
    expect(meta.alternates?.canonical).toBe('/classic');
  });

  it('names later pages in the title and keeps their page in the canonical', () => {
    const meta = listMetadata({ title: '经典', description: 'd', path: '/classic', page: 3 });
    expect(meta.title).toBe('经典（第 3 页）');
    expect(meta.alternates?.canonical).toBe('/classic?page=3');
    expect(meta.openGraph?.url).toBe('/classic?page=3');
  });
});
