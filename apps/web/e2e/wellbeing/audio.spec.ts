import { expect, test, type Page } from '@playwright/test';
import { advanceServerClock } from '../support/clock';
import { stepToasts, waitForRealtime } from '../support/steps';
import { expectServerAward, signUpWithAssessment, trpcInput } from './support';

interface TodayAudio {
  id: string;
  title: string;
  duration: number;
}

async function todayAudio(page: Page): Promise<TodayAudio> {
  const response = await page.request.get('/api/meditations/today');
  expect(response.status()).toBe(200);
  return (await response.json()) as TodayAudio;
}

/** Starts the audio with its play button, then jumps to its last seconds so it ends soon. */
async function playToTheEnd(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: `Reproducir «${title}»` }).click();
  await expect(page.getByRole('button', { name: `Pausar «${title}»` })).toBeVisible();
  await page.locator('audio').evaluate(async (audio: HTMLAudioElement) => {
    if (!Number.isFinite(audio.duration)) await new Promise((resolve) => audio.addEventListener('loadedmetadata', resolve, { once: true }));
    audio.currentTime = Math.max(0, audio.duration - 1.5);
  });
}

test.describe('Audio Ascenso', () => {
  test('today’s audio played through (fast): the server checks the bytes served and the time, awards it, and the ledger shows it (real round trip)', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const user = await signUpWithAssessment(page, 'Inés');
    const audio = await todayAudio(page);
    const recorded: Array<{ is_today: boolean; completion_percentage: number }> = [];
    page.on('request', (request) => {
      if (request.url().includes('meditations.audioComplete')) recorded.push(trpcInput(request));
    });
    const live = waitForRealtime(page);
    await page.goto('/meditations');
    await live;

    const card = page.getByRole('region', { name: 'Audio Ascenso de hoy' });
    await expect(card.getByRole('heading', { name: audio.title })).toBeVisible();
    await card.getByRole('button', { name: `Reproducir «${audio.title}»` }).click();
    await expect(card.getByRole('button', { name: `Pausar «${audio.title}»` })).toBeVisible();
    // The whole audio really plays, eight times faster (a time update still moves under 3 s of audio);
    // the browser fetches the file as it plays. The server's test clock moves on by the audio's length.
    await page.locator('audio').evaluate((element: HTMLAudioElement) => {
      element.playbackRate = 8;
    });
    await advanceServerClock(audio.duration * 1000);

    const toasts = stepToasts(page);
    await expect(toasts.getByText('¡Actividad completada!')).toBeVisible({
      timeout: (audio.duration / 8) * 1000 + 30_000,
    });
    await expect(toasts.getByText('+165 pasos')).toBeVisible();
    await expect(toasts.getByText('Audio del día')).toBeVisible();
    await expect(card.getByText('Escucha completada: +165 pasos')).toBeVisible();

    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.is_today).toBe(true);
    expect(recorded[0]?.completion_percentage).toBeGreaterThanOrEqual(90);
    await expectServerAward(page, user.id, 'audio_ascenso_daily', 165);
    // Ended resets the position: ready to play again.
    await expect(card.getByRole('button', { name: `Reproducir «${audio.title}»` })).toBeVisible();
  });

  test('finishing sooner than the audio lasts: the server refuses and the reason is shown, no steps', async ({ page }) => {
    await signUpWithAssessment(page, 'Bruno');
    const audio = await todayAudio(page);
    const recorded: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('meditations.audioComplete')) recorded.push(request.url());
    });
    await page.goto(`/meditations/${audio.id}`);
    await expect(page.getByRole('heading', { level: 1, name: audio.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transcripción' })).toBeVisible();

    await playToTheEnd(page, audio.title);
    await expect(page.getByText(/Todavía no ha pasado el tiempo del audio: faltan unos \d+ min\./)).toBeVisible({
      timeout: 15_000,
    });
    await expect(stepToasts(page).getByText('¡Actividad completada!')).toHaveCount(0);
    expect(recorded).toHaveLength(0);
  });

  test('the archive lists every audio with its theme; the seek bar works with the keyboard', async ({ page }) => {
    await signUpWithAssessment(page, 'Carla');
    await page.goto('/meditations');
    await expect(page.getByRole('heading', { level: 1, name: 'Audio Ascensos' })).toBeVisible();
    const archive = page.getByRole('region', { name: 'Archivo' });
    const items = archive.getByRole('list', { name: 'Audios del archivo' }).getByRole('listitem');
    await expect(items).toHaveCount(8);
    await expect(archive.getByText('Audio de hoy')).toHaveCount(1);

    await archive.getByRole('button', { name: 'Descanso' }).click();
    await expect(items).toHaveCount(2);
    await items.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/meditations\/[a-z-]+$/);

    const seek = page.getByRole('slider', { name: 'Posición del audio' });
    await expect(seek).toBeEnabled();
    await seek.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(seek).toHaveValue('10');
    await expect(seek).toHaveAttribute('aria-valuetext', /^10 segundos de \d+ minutos/);
    await page.keyboard.press('Home');
    await expect(seek).toHaveValue('0');
  });
});
