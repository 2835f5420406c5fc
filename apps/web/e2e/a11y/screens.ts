import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, loginViaApi } from '../admin/admin-support';
import { COMPLETE_RESPONSES, completeAssessmentViaApi, registerFreshUser, saveProgressViaApi, wizardIntroHeading } from '../support/assessment';
import { DEMO_USER } from '../support/auth';
import { trpcMutation } from '../support/coaching';
import { completeViaApi, waitForRealtime } from '../support/steps';
import { advance, completionResult, interceptTrpc, startBreathing, startBreathingOnFakeClock } from '../wellbeing/support';

/**
 * Every screen of the app and the states worth checking, as one table. `every-screen.spec.ts` runs axe
 * on each row and fails when a path of the route table (src/app/routes.tsx) has no row, so a new screen
 * cannot be forgotten.
 */

/**
 * Who looks at the screen:
 * - visitor: signed out;
 * - pending: a fresh account without an assessment (every path shows the wizard);
 * - member: a fresh account with a completed assessment (empty states: no history yet);
 * - demo: Lucía, the seeded regular user with a week of history;
 * - admin: the seeded administrator.
 */
export type Who = 'visitor' | 'pending' | 'member' | 'demo' | 'admin';

export interface Screen {
  /** The path exactly as written in routes.tsx (`*` for the catch-all 404 / "every path" screens). */
  route: string;
  who: Who;
  /** The state on screen when axe runs (unique per route and person). */
  state: string;
  /** Gets the page, already signed in as `who`, into the state and waits until it is on screen. */
  reach: (page: Page) => Promise<void>;
  /** Elements axe cannot enter (a `sandbox=""` e-mail preview runs no script). */
  exclude?: readonly string[];
}

const EMAIL_FRAME = ['iframe[sandbox]'];
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** A screen reached by opening `path` and waiting until `shown` is visible (within `timeout` ms, else expect's default). */
function shownAt(route: string, who: Who, state: string, path: string, shown: (page: Page) => Locator, timeout?: number): Screen {
  return {
    route,
    who,
    state,
    reach: async (page) => {
      await page.goto(path);
      await expect(shown(page)).toBeVisible({ timeout });
    },
  };
}

/** Signs `page` in as `who` (through the REST paths; the browser shares the cookie). */
export async function signInAs(page: Page, who: Who): Promise<void> {
  switch (who) {
    case 'visitor':
      return;
    case 'pending':
      await registerFreshUser(page, 'Noa');
      return;
    case 'member':
      await registerFreshUser(page, 'Íñigo');
      await completeAssessmentViaApi(page);
      return;
    case 'demo':
      await loginViaApi(page, DEMO_USER);
      return;
    case 'admin':
      await loginViaApi(page, ADMIN);
      return;
  }
}

/** Wizard progress stored through the API: section `n` open, every earlier one answered. */
async function openWizardSection(page: Page, n: number): Promise<void> {
  await saveProgressViaApi(page, {
    currentSection: n,
    responses: COMPLETE_RESPONSES,
    completedSections: Array.from({ length: n - 1 }, (_, i) => i + 1),
  });
  await page.goto('/');
  await expect(page.getByText(`Paso ${n} de 9`)).toBeVisible();
  await expect(page.getByText('Preparando las preguntas…')).toHaveCount(0, { timeout: 10_000 });
}

export const SCREENS: readonly Screen[] = [
  // ——— Signed out ———
  shownAt('/', 'visitor', 'landing', '/', (page) => page.getByRole('heading', { level: 1 })),
  shownAt('/acceso', 'visitor', 'iniciar sesión', '/acceso', (page) => page.getByRole('form', { name: 'Iniciar sesión' })),
  {
    route: '/acceso',
    who: 'visitor',
    state: 'iniciar sesión con credenciales incorrectas',
    reach: async (page) => {
      await page.goto('/acceso');
      const form = page.getByRole('form', { name: 'Iniciar sesión' });
      await form.getByLabel('Correo electrónico').fill('nadie@ejemplo.test');
      await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('Una contraseña cualquiera');
      await form.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 10_000 });
    },
  },
  {
    route: '/acceso',
    who: 'visitor',
    state: 'crear cuenta con errores',
    reach: async (page) => {
      await page.goto('/acceso#crear-cuenta');
      const form = page.getByRole('form', { name: 'Crear cuenta' });
      await form.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(page.getByText('Escribe tu nombre')).toBeVisible();
    },
  },
  shownAt('*', 'visitor', '404', '/no-existe', (page) => h1(page, '404 Page Not Found')),
  {
    route: '*',
    who: 'visitor',
    state: 'sin conexión con el servidor',
    reach: async (page) => {
      // The server answers auth.me inside the page (apps/web/src/lib/bootstrap.ts) and sends `/`
      // prerendered: drop both, as when the page comes from the dev server, so that the app asks.
      await page.route(
        (url) => url.pathname === '/',
        async (route) => {
          const response = await route.fetch();
          const body = (await response.text())
            .replace(/<script id="ascenso-bootstrap"[^>]*>[\s\S]*?<\/script>/, '')
            .replace(/<div id="root"[^>]*>[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
          await route.fulfill({ response, body });
        },
      );
      await page.route(/\/api\/trpc\/[^?]*auth\.me/, (route) => route.abort('connectionrefused'));
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 15_000 });
    },
  },

  // ——— Signed in, assessment pending: the wizard on every path ———
  shownAt('*', 'pending', 'asistente: presentación (en /breathing)', '/breathing', (page) => wizardIntroHeading(page)),
  {
    route: '*',
    who: 'pending',
    state: 'asistente: preparando las preguntas',
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Comenzar Evaluación' }).click();
      await expect(page.getByText('Preparando las preguntas…')).toBeVisible();
    },
  },
  {
    route: '*',
    who: 'pending',
    state: 'asistente: sección 1 con preguntas pendientes',
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Comenzar Evaluación' }).click();
      await expect(page.getByRole('textbox', { name: '¿Cuál es tu puesto?' })).toBeVisible({ timeout: 10_000 });
      // "Siguiente" is aria-disabled (not disabled) while questions are pending: trying explains why.
      await page.getByRole('button', { name: 'Siguiente' }).click({ force: true });
      await expect(page.getByText('Responde esta pregunta para continuar.').first()).toBeVisible();
      // The "Sección incompleta" toast is checked on its own row below.
      await page.getByRole('button', { name: 'Cerrar aviso' }).click();
      await expect(page.getByText('Sección incompleta')).toBeHidden(); // kept hidden after dismissal (spec §9)
    },
  },
  {
    route: '*',
    who: 'pending',
    state: 'asistente: aviso «Sección incompleta»',
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Comenzar Evaluación' }).click();
      await expect(page.getByRole('textbox', { name: '¿Cuál es tu puesto?' })).toBeVisible({ timeout: 10_000 });
      // "Siguiente" is aria-disabled (not disabled) while questions are pending: trying explains why.
      await page.getByRole('button', { name: 'Siguiente' }).click({ force: true });
      await expect(page.getByText('Sección incompleta')).toBeVisible();
      // Focus keeps the toast on screen while axe runs.
      await page.getByRole('button', { name: 'Cerrar aviso' }).focus();
    },
  },
  ...[2, 3, 4, 5, 6, 7, 8, 9].map((n): Screen => ({
    route: '*',
    who: 'pending',
    state: `asistente: sección ${n}`,
    reach: (page) => openWizardSection(page, n),
  })),
  {
    route: '*',
    who: 'pending',
    state: 'asistente: ¡Felicidades!',
    reach: async (page) => {
      await openWizardSection(page, 9);
      await page.getByRole('button', { name: '¡Completar Evaluación!' }).click();
      await expect(h1(page, '¡Felicidades!')).toBeVisible({ timeout: 10_000 });
    },
  },
  {
    route: '*',
    who: 'pending',
    state: 'asistente: no se pudo cargar',
    reach: async (page) => {
      await page.route(/\/api\/trpc\/[^?]*assessment\.progress/, (route) => route.abort('connectionrefused'));
      await page.goto('/');
      await expect(h1(page, 'No hemos podido cargar tu evaluación')).toBeVisible({ timeout: 15_000 });
    },
  },

  // ——— Signed in ———
  {
    route: '/',
    who: 'member',
    state: 'Home de una cuenta nueva',
    reach: async (page) => {
      await page.goto('/');
      await expect(h1(page, /^Hola, /)).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Tu plan de hoy/ })).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    route: '/',
    who: 'demo',
    state: 'Home con historial',
    reach: async (page) => {
      await page.goto('/');
      await expect(h1(page, 'Hola, Lucía')).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Tu plan de hoy/ })).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    route: '/acceso',
    who: 'member',
    state: 'ya con sesión: lleva a ?next=',
    reach: async (page) => {
      await page.goto('/acceso?next=/fitness');
      await expect(page).toHaveURL(/\/fitness$/);
      await expect(h1(page, 'Fitness')).toBeVisible();
    },
  },
  shownAt('/evaluacion', 'member', 'diálogo «Retomar Evaluación»', '/evaluacion', (page) => page.getByRole('alertdialog', { name: 'Retomar Evaluación' })),
  {
    route: '/assessment',
    who: 'member',
    state: 'nueva evaluación tras el diálogo',
    reach: async (page) => {
      await page.goto('/assessment');
      await page.getByRole('alertdialog', { name: 'Retomar Evaluación' }).getByRole('button', { name: 'Continuar con Nueva Evaluación' }).click();
      await expect(page.getByText('Paso 1 de 9')).toBeVisible();
      await expect(page.getByText('Preparando las preguntas…')).toHaveCount(0, { timeout: 10_000 });
    },
  },
  shownAt('/assessment', 'member', '?success=true: Excelente trabajo', '/assessment?success=true', (page) => h1(page, 'Excelente trabajo')),
  shownAt('/assessment/results', 'demo', 'resultados', '/assessment/results', (page) => page.getByRole('img', { name: /^Lo que te agota/ })),
  {
    route: '/assessment-eval',
    who: 'demo',
    state: 'evaluación',
    reach: async (page) => {
      await page.goto('/assessment-eval');
      await expect(page.getByRole('heading', { level: 2, name: 'Recomendaciones para ti' })).toBeVisible({
        timeout: 15_000,
      });
    },
  },
  {
    route: '/profile',
    who: 'member',
    state: 'perfil de una cuenta nueva',
    reach: async (page) => {
      await page.goto('/profile');
      await expect(h1(page, 'Tu perfil')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tu evaluación' }).getByText('Estilo de coaching')).toBeVisible();
    },
  },
  {
    route: '/profile',
    who: 'demo',
    state: 'perfil con historial, tabla y formulario de edición',
    reach: async (page) => {
      await page.goto('/profile');
      await expect(h1(page, 'Tu perfil')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Tu historial de pasos' }).getByRole('listitem').first()).toBeVisible();
      await page.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
      await page.getByRole('button', { name: 'Editar tus datos' }).click();
      await expect(page.getByRole('combobox', { name: 'Zona horaria' })).toBeVisible();
    },
  },
  {
    route: '/profile',
    who: 'member',
    state: 'diálogo «¿Eliminar tu cuenta?» con error',
    reach: async (page) => {
      await page.goto('/profile');
      await page.getByRole('region', { name: 'Tu cuenta' }).getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
      await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      await expect(dialog.getByText('Escribe tu contraseña')).toBeVisible();
    },
  },
  shownAt('/admin', 'member', 'No tienes permiso', '/admin', (page) => h1(page, 'No tienes permiso')),
  {
    route: '/admin',
    who: 'admin',
    state: 'panel con la tabla de datos',
    reach: async (page) => {
      await page.goto('/admin');
      await expect(page.getByRole('region', { name: 'Estado de los servicios' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Personas encontradas' })).toBeVisible();
      await page.getByRole('region', { name: 'Actividades completadas por día' }).getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    },
  },
  shownAt('/admin/steps', 'member', 'No tienes permiso', '/admin/steps', (page) => h1(page, 'No tienes permiso')),
  {
    route: '/admin/steps',
    who: 'admin',
    state: 'catálogo sin persona elegida',
    reach: async (page) => {
      await page.goto('/admin/steps');
      await expect(h1(page, 'Pasos y catálogo')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Actividades del catálogo' }).getByRole('listitem')).toHaveCount(12);
    },
  },
  {
    route: '/admin/steps',
    who: 'admin',
    state: 'con una persona elegida',
    reach: async (page) => {
      await page.goto('/admin');
      await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('demo@ascenso');
      await expect(page.getByRole('list', { name: 'Personas encontradas' }).getByRole('link')).toHaveCount(1);
      await page.getByRole('list', { name: 'Personas encontradas' }).getByRole('link').first().click();
      await expect(h1(page, 'Pasos y catálogo')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Movimientos de pasos' })).toBeVisible();
    },
  },
  shownAt('/email-test', 'member', 'No tienes permiso', '/email-test', (page) => h1(page, 'No tienes permiso')),
  {
    route: '/email-test',
    who: 'admin',
    state: 'plantilla con vista previa',
    exclude: EMAIL_FRAME,
    reach: async (page) => {
      await page.goto('/email-test');
      await expect(page.getByTestId('email-subject')).toBeVisible();
    },
  },
  shownAt('/ai-email-test', 'member', 'No tienes permiso', '/ai-email-test', (page) => h1(page, 'No tienes permiso')),
  {
    route: '/ai-email-test',
    who: 'admin',
    state: 'con la vista previa del coach',
    exclude: EMAIL_FRAME,
    reach: async (page) => {
      await page.goto('/ai-email-test');
      await page.getByRole('searchbox', { name: 'Buscar una persona' }).fill('demo@ascenso');
      await page.getByRole('button', { name: /demo@ascenso\.local/ }).click();
      await page.getByRole('button', { name: 'Generar la vista previa' }).click();
      await expect(page.getByTestId('email-subject')).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    route: '/coaching',
    who: 'member',
    state: 'sin conversaciones ni compromisos',
    reach: async (page) => {
      await page.goto('/coaching');
      await expect(h1(page, 'Tu coach')).toBeVisible();
      await expect(page.getByText('Todavía no has hablado con tu coach.', { exact: false })).toBeVisible();
    },
  },
  {
    route: '/coaching/chat',
    who: 'member',
    state: 'saludo',
    reach: async (page) => {
      await page.goto('/coaching/chat');
      await expect(page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Conversación con tu coach' }).getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
    },
  },
  shownAt('/coaching/sessions', 'member', 'sin sesiones', '/coaching/sessions', (page) => page.getByText('Aún no has hecho ninguna sesión.', { exact: false })),
  {
    route: '/coaching/session/:id',
    who: 'member',
    state: 'sesión recién empezada',
    reach: async (page) => {
      const session = await trpcMutation<{ id: string }>(page, 'coaching.start', { kind: 'session' });
      await page.goto(`/coaching/session/${session.id}`);
      await expect(page.getByRole('textbox', { name: 'Tu respuesta a tu coach' })).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    route: '/coaching/session/:id',
    who: 'member',
    state: 'sesión que no existe',
    reach: async (page) => {
      await page.goto('/coaching/session/no-existe');
      await expect(page.getByText('No encontramos esta conversación.', { exact: false })).toBeVisible({
        timeout: 15_000,
      });
    },
  },
  shownAt('/journaling/chat', 'member', 'journaling guiado', '/journaling/chat', (page) => page.getByRole('button', { name: 'Guardar en mi diario' }), 15_000),
  shownAt('/journaling', 'member', 'diario vacío', '/journaling', (page) => page.getByText('Tu diario está esperando la primera página.')),
  {
    route: '/journaling',
    who: 'member',
    state: 'nueva entrada con error',
    reach: async (page) => {
      await page.goto('/journaling?nueva');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(page.getByRole('alert')).toHaveText('Elige cómo te sientes o escríbelo con tus palabras.');
    },
  },
  {
    route: '/journaling/entry/:id',
    who: 'member',
    state: 'una entrada',
    reach: async (page) => {
      const created = await trpcMutation<{ entry: { id: string } }>(page, 'journaling.create', {
        mood: 'Gratitud',
        title: 'Un buen día',
        body: 'Hoy he terminado el informe a tiempo y me siento con energía.',
      });
      await page.goto(`/journaling/entry/${created.entry.id}`);
      await expect(page.getByRole('button', { name: 'Borrar entrada' })).toBeVisible();
    },
  },
  shownAt('/journaling/entry/:id', 'member', 'entrada que no existe', '/journaling/entry/no-existe', (page) => h1(page, 'No encontramos esta entrada'), 15_000),
  {
    route: '/meditations',
    who: 'member',
    state: 'archivo',
    reach: async (page) => {
      await page.goto('/meditations');
      await expect(page.getByRole('list', { name: 'Audios del archivo' }).getByRole('listitem')).toHaveCount(8);
    },
  },
  {
    route: '/meditations/:id',
    who: 'member',
    state: 'audio con transcripción',
    reach: async (page) => {
      const response = await page.request.get('/api/meditations/today');
      const audio = (await response.json()) as { id: string };
      await page.goto(`/meditations/${audio.id}`);
      await expect(page.getByRole('heading', { name: 'Transcripción' })).toBeVisible();
    },
  },
  shownAt('/meditations/:id', 'member', 'audio que no existe', '/meditations/no-existe', (page) => h1(page, 'No encontramos este audio'), 15_000),
  shownAt('/breathing', 'member', 'técnicas', '/breathing', (page) => page.getByText('Evidencia buena').first()),
  shownAt('/breathing/:id', 'member', 'preparar', '/breathing/suspiro-ciclico', (page) => page.getByRole('heading', { name: 'Prepara tu práctica' })),
  {
    route: '/breathing/:id',
    who: 'member',
    state: 'en curso',
    reach: (page) => startBreathing(page, 'cuadrada'),
  },
  {
    route: '/breathing/:id',
    who: 'member',
    state: 'en pausa',
    reach: async (page) => {
      await startBreathing(page, 'cuadrada');
      await page.getByRole('button', { name: 'Pausar' }).click();
      await expect(page.getByRole('button', { name: 'Reanudar' })).toBeVisible();
    },
  },
  {
    route: '/breathing/:id',
    who: 'member',
    state: 'terminada antes de 30 s (no se registra)',
    reach: async (page) => {
      await startBreathing(page, 'cuadrada');
      await page.getByRole('button', { name: 'Terminar' }).click();
      await expect(page.getByRole('alert').getByText('Practica al menos 30 segundos para registrarlo.')).toBeVisible();
    },
  },
  {
    route: '/breathing/:id',
    who: 'member',
    state: '¡Bien hecho!',
    reach: async (page) => {
      await interceptTrpc(page, 'practice.complete', completionResult('breathing_short', 85, 8));
      await startBreathingOnFakeClock(page, 'cuadrada', '1 minuto');
      await advance(page, 61_000, 5_000);
      await expect(page.getByRole('heading', { name: '¡Bien hecho!' })).toBeVisible();
    },
  },
  shownAt('/breathing/:id', 'member', 'técnica que no existe', '/breathing/no-existe', (page) => h1(page, 'No encontramos este ejercicio')),
  shownAt('/fitness', 'member', 'clases', '/fitness', (page) => page.getByRole('heading', { level: 2, name: 'Menos de 15 min' })),
  {
    route: '/fitness',
    who: 'member',
    state: 'diálogo de una clase',
    reach: async (page) => {
      await page.goto('/fitness');
      await page.getByRole('button', { name: 'Empezar clase: Activación exprés' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    route: '/fitness',
    who: 'member',
    state: 'clase en curso',
    reach: async (page) => {
      await page.goto('/fitness');
      await page.getByRole('button', { name: 'Empezar clase: Activación exprés' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Empezar', exact: true }).click();
      await expect(page.getByRole('dialog').getByText('Ejercicio 1 de 10')).toBeVisible();
    },
  },
  {
    route: '/active-breaks',
    who: 'member',
    state: 'pausas con recordatorios activos',
    reach: async (page) => {
      await page.goto('/active-breaks');
      const reminders = page.getByRole('region', { name: 'Recordatorios' });
      await reminders.getByText('Recordarme hacer pausas', { exact: true }).click();
      await expect(reminders.getByText('Tu jornada', { exact: true })).toBeVisible();
    },
  },
  shownAt('/active-breaks/:tag', 'member', 'preparada', '/active-breaks/espalda', (page) => page.getByRole('button', { name: 'Empezar la pausa' })),
  {
    route: '/active-breaks/:tag',
    who: 'member',
    state: 'en curso',
    reach: async (page) => {
      await page.goto('/active-breaks/espalda');
      await page.getByRole('button', { name: 'Empezar la pausa' }).click();
      await expect(page.getByText('Movimiento 1 de 6')).toBeVisible();
    },
  },
  shownAt('/active-breaks/:tag', 'member', 'pausa que no existe', '/active-breaks/no-existe', (page) => h1(page, 'No encontramos esta pausa')),
  {
    route: '*',
    who: 'member',
    state: '404 con sesión y el aviso de pasos',
    reach: async (page) => {
      const live = waitForRealtime(page);
      await page.goto('/no-existe');
      await expect(h1(page, '404 Page Not Found')).toBeVisible();
      await live;
      await completeViaApi(page.request, 'sesion_completa');
      const toast = page.getByRole('status', { name: 'Pasos conseguidos' });
      await expect(toast.getByText('¡Actividad completada!')).toBeVisible({ timeout: 10_000 });
      // Focus holds the toast on screen (it would leave after 4 s) while axe runs.
      await toast.getByRole('button', { name: 'Cerrar notificación' }).last().focus();
    },
  },
];

/** Gets `page`, already signed in as `who`, into the table's row for `route` in `state` (for specs that go on from there). */
export async function reachScreen(page: Page, route: string, who: Who, state: string): Promise<void> {
  const row = SCREENS.find((s) => s.route === route && s.who === who && s.state === state);
  if (!row) throw new Error(`screens.ts has no row ${route} (${who}, ${state})`);
  await row.reach(page);
}

/** The paths of `visitorRoutes` and `memberRoutes` as written in src/app/routes.tsx. */
export function routeTablePaths(): { visitor: string[]; member: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  const source = readFileSync(resolve(here, '../../src/app/routes.tsx'), 'utf8');
  const block = (name: string): string[] => {
    const match = new RegExp(`export const ${name}[^=]*=\\s*\\[([\\s\\S]*?)\\n\\];`).exec(source);
    if (!match?.[1]) throw new Error(`routes.tsx: ${name} not found`);
    return [...match[1].matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]!);
  };
  return { visitor: block('visitorRoutes'), member: block('memberRoutes') };
}
