import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { fetchEarly, takeEarly } from './early-data.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('data fetched at start-up', () => {
  it('is read by the page once instead of asking again; the next read asks the server', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ title: 'early' }))
      .mockResolvedValueOnce(json({ title: 'fresh' }));
    vi.stubGlobal('fetch', fetchMock);

    fetchEarly('/api/courses/cpo');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api.get('/api/courses/cpo')).toEqual({ title: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    expect(await api.get('/api/courses/cpo')).toEqual({ title: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('turns an early refusal into the same error as a normal read', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 'NOT_FOUND', message: 'Course Not Found' }, 404)));
    fetchEarly('/api/courses/nope');
    await expect(api.get('/api/courses/nope')).rejects.toMatchObject({ status: 404, message: 'Course Not Found' });
  });

  it('is not used for another address, nor once it is stale', () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(json({})));
    vi.stubGlobal('fetch', fetchMock);
    fetchEarly('/api/courses');
    expect(takeEarly('/api/courses/cpo')).toBeUndefined();
    vi.advanceTimersByTime(31_000);
    expect(takeEarly('/api/courses')).toBeUndefined();
  });
});
