/**
 * Audio Ascenso: guided audios in Spanish. Each script is a list of spoken segments with the silence
 * that follows them; `scripts/make-audio` voices them over a soft background and pads each file to
 * exactly `durationSeconds`. The transcript shown to the user is the spoken text.
 */
export type AudioSegment = { say: string; pause: number };

export type Meditation = {
  id: string;
  title: string;
  description: string;
  durationSeconds: number;
  theme: 'respiración' | 'cuerpo' | 'foco' | 'descanso' | 'emociones';
  segments: readonly AudioSegment[];
};

const s = (say: string, pause: number): AudioSegment => ({ say, pause });

export const MEDITATIONS: readonly Meditation[] = [
  {
    id: 'respiracion-consciente',
    title: 'Respiración consciente',
    description: 'Cuatro minutos para volver al cuerpo y bajar el ritmo, en cualquier momento del día.',
    durationSeconds: 240,
    theme: 'respiración',
    segments: [
      s('Hola. Te doy la bienvenida a este audio de respiración consciente.', 2),
      s('Busca una postura cómoda, con la espalda recta y los hombros sueltos. Si quieres, cierra los ojos.', 4),
      s('Lleva la atención a tu respiración, sin cambiarla. Solo obsérvala.', 8),
      s('Nota el aire que entra por la nariz, un poco más fresco, y el aire que sale, un poco más cálido.', 10),
      s('Ahora inhala despacio contando hasta cuatro. Uno, dos, tres, cuatro.', 2),
      s('Y exhala contando hasta seis. Uno, dos, tres, cuatro, cinco, seis.', 3),
      s('Sigue así a tu ritmo: cuatro tiempos para inhalar, seis para soltar.', 30),
      s('Si tu mente se va a otra parte, no pasa nada. Date cuenta y vuelve a la respiración.', 30),
      s('Con cada exhalación, deja que los hombros bajen un poco más.', 30),
      s('Ahora suelta el conteo y respira con naturalidad.', 12),
      s('Antes de terminar, nota cómo estás ahora, comparado con hace unos minutos.', 8),
      s('Cuando quieras, abre los ojos. Gracias por regalarte este momento.', 2),
    ],
  },
  {
    id: 'pausa-entre-reuniones',
    title: 'Pausa entre reuniones',
    description: 'Tres minutos para soltar la reunión anterior y llegar con la cabeza clara a la siguiente.',
    durationSeconds: 180,
    theme: 'foco',
    segments: [
      s('Acabas de salir de una reunión. Antes de entrar en la siguiente, regálate tres minutos.', 3),
      s('Apoya los pies en el suelo y siente el contacto con la silla.', 6),
      s('Haz una inhalación profunda por la nariz, y suelta el aire despacio por la boca.', 6),
      s('Otra vez. Inhala, y suelta.', 8),
      s('Piensa en la reunión que termina. ¿Hay algo que debas anotar para no tenerlo en la cabeza? Si lo hay, anótalo después.', 12),
      s('Ahora deja que se vaya. Ya no está aquí.', 15),
      s('Estira los brazos hacia arriba y luego déjalos caer. Mueve el cuello suavemente de lado a lado.', 20),
      s('Piensa en la próxima reunión: ¿qué es lo único que quieres conseguir en ella?', 15),
      s('Quédate con esa intención. Una sola.', 15),
      s('Respira una vez más, profundo, y vuelve a tu día.', 2),
    ],
  },
  {
    id: 'empezar-con-intencion',
    title: 'Empezar el día con intención',
    description: 'Cinco minutos por la mañana para elegir cómo quieres vivir el día antes de que se llene.',
    durationSeconds: 300,
    theme: 'foco',
    segments: [
      s('Buenos días. Este audio te acompaña a empezar el día con intención.', 3),
      s('Siéntate cómodamente. Respira tres veces un poco más hondo de lo normal.', 14),
      s('Nota cómo te levantas hoy. ¿Con energía, con cansancio, con prisa? Solo obsérvalo, sin juzgar.', 15),
      s('Ahora piensa en las próximas horas. ¿Qué es lo más importante que harás hoy?', 15),
      s('Imagínate haciéndolo con calma y con foco. Visualiza el momento en que lo terminas.', 20),
      s('Elige una palabra para tu día. Puede ser calma, foco, paciencia, alegría. La que necesites.', 15),
      s('Repite esa palabra por dentro mientras respiras.', 30),
      s('Piensa también en un pequeño gesto de cuidado para ti hoy: una pausa, un paseo, una comida tranquila.', 20),
      s('Cuando llegue un momento difícil, vuelve a tu palabra.', 15),
      s('Haz una última respiración profunda. Tu día empieza ahora.', 2),
    ],
  },
  {
    id: 'preparar-el-foco',
    title: 'Preparar el foco',
    description: 'Cinco minutos para entrar en un bloque de trabajo profundo sin arrastrar el ruido.',
    durationSeconds: 300,
    theme: 'foco',
    segments: [
      s('Vas a empezar un bloque de trabajo concentrado. Primero, prepara el terreno.', 3),
      s('Cierra las pestañas que no necesites y silencia las notificaciones. Te espero.', 15),
      s('Ahora siéntate bien, con los pies en el suelo. Respira despacio.', 12),
      s('Nota los ruidos a tu alrededor. No tienes que hacer nada con ellos. Solo están ahí.', 18),
      s('Lleva la atención a tu respiración, justo en la punta de la nariz.', 25),
      s('Cada vez que aparezca un pensamiento de otra tarea, nómbralo: pendiente. Y vuelve.', 30),
      s('Define en una frase qué vas a hacer en este bloque y cuándo lo darás por terminado.', 20),
      s('Imagina el primer paso concreto. Solo el primero.', 15),
      s('Respira una vez más. Cuando termine este audio, empieza por ese primer paso.', 2),
    ],
  },
  {
    id: 'soltar-la-jornada',
    title: 'Soltar la jornada',
    description: 'Seis minutos para cerrar el día de trabajo y llegar a casa de verdad.',
    durationSeconds: 360,
    theme: 'descanso',
    segments: [
      s('Tu jornada termina. Este audio te ayuda a cerrarla y a dejar el trabajo en el trabajo.', 3),
      s('Respira profundamente, y al soltar el aire, deja caer los hombros.', 12),
      s('Repasa el día sin juzgarlo. ¿Qué ha salido bien hoy? Quédate con una cosa, aunque sea pequeña.', 20),
      s('¿Qué ha costado más? Reconócelo. Forma parte del día, y ya ha pasado.', 20),
      s('¿Hay algo pendiente que te ronda? Imagina que lo escribes en una nota y la dejas sobre la mesa. Mañana seguirá ahí.', 20),
      s('Ahora recorre tu cuerpo. Suelta la frente, la mandíbula, el cuello.', 20),
      s('Suelta los brazos, las manos, el pecho. Deja que la respiración sea lenta.', 25),
      s('Suelta el vientre, las piernas, los pies.', 25),
      s('Piensa en lo que te espera fuera del trabajo: las personas, los momentos, el descanso.', 20),
      s('Con la próxima exhalación, cierra simbólicamente la puerta de la oficina.', 12),
      s('La jornada ha terminado. Bienvenida, bienvenido, a tu tarde.', 2),
    ],
  },
  {
    id: 'amabilidad-contigo',
    title: 'Amabilidad contigo',
    description: 'Siete minutos para tratarte como tratarías a alguien que aprecias, sobre todo en días exigentes.',
    durationSeconds: 420,
    theme: 'emociones',
    segments: [
      s('Hola. Este es un momento para tratarte con amabilidad.', 3),
      s('Ponte cómodo o cómoda. Si quieres, apoya una mano en el pecho.', 10),
      s('Respira y nota el calor de tu mano. Ese gesto sencillo también es cuidado.', 20),
      s('Piensa en algo que te esté pidiendo mucho últimamente. No lo analices. Solo reconoce que es difícil.', 20),
      s('Dite por dentro: esto es difícil ahora mismo.', 12),
      s('Y después: no soy la única persona que pasa por algo así.', 12),
      s('Y por último: que pueda tratarme con paciencia.', 20),
      s('Imagina que una amiga te cuenta lo mismo que te pasa a ti. ¿Qué le dirías?', 25),
      s('Ahora dítelo a ti. Con la misma voz.', 30),
      s('Respira con esas palabras. No tienen que cambiar nada todavía.', 40),
      s('Reconoce también algo que has hecho bien esta semana. Algo concreto.', 25),
      s('Quédate un momento con esa sensación.', 40),
      s('Cuando estés listo o lista, vuelve poco a poco. Llévate esta amabilidad al resto del día.', 2),
    ],
  },
  {
    id: 'escaneo-corporal',
    title: 'Escaneo corporal',
    description: 'Ocho minutos recorriendo el cuerpo para soltar tensiones acumuladas.',
    durationSeconds: 480,
    theme: 'cuerpo',
    segments: [
      s('Te doy la bienvenida a este escaneo corporal. Puedes hacerlo sentado o tumbado.', 3),
      s('Cierra los ojos si te resulta cómodo, y respira con naturalidad.', 15),
      s('Lleva la atención a los pies. Nota su peso, su temperatura, el contacto con el suelo.', 30),
      s('Sube a las piernas: los tobillos, las pantorrillas, las rodillas, los muslos. Si hay tensión, simplemente nótala.', 35),
      s('Ahora la cadera y la zona baja de la espalda. Deja que el peso se apoye.', 35),
      s('El vientre. Nota cómo sube y baja con la respiración.', 30),
      s('El pecho y la parte alta de la espalda. Los hombros, que a menudo cargan con el día.', 35),
      s('Baja por los brazos hasta las manos. Nota cada dedo.', 30),
      s('El cuello, la mandíbula, la lengua dentro de la boca. Suelta.', 30),
      s('Los ojos, la frente, la parte alta de la cabeza.', 30),
      s('Ahora siente el cuerpo entero, de una vez, respirando.', 45),
      s('Empieza a mover los dedos de las manos y de los pies. Cuando quieras, abre los ojos.', 2),
    ],
  },
  {
    id: 'antes-de-dormir',
    title: 'Antes de dormir',
    description: 'Diez minutos para preparar el descanso: respiración lenta y un repaso amable del día.',
    durationSeconds: 600,
    theme: 'descanso',
    segments: [
      s('Buenas noches. Este audio te acompaña a preparar el descanso.', 4),
      s('Túmbate y deja que la cama sostenga todo tu peso.', 15),
      s('Inhala contando hasta cuatro, y exhala despacio contando hasta ocho.', 40),
      s('Con cada exhalación, el cuerpo pesa un poco más.', 40),
      s('Repasa el día como si vieras una película, sin detenerte en nada. Las escenas pasan y se van.', 45),
      s('Si aparece una preocupación, imagina que la dejas en una caja junto a la cama. Mañana la abrirás.', 45),
      s('Suelta la cara, la mandíbula, los hombros.', 40),
      s('Suelta los brazos y las manos. Suelta las piernas y los pies.', 45),
      s('Piensa en tres cosas por las que hoy puedes dar las gracias, por pequeñas que sean.', 60),
      s('Ahora deja ir incluso el esfuerzo de escuchar. Solo respira.', 90),
      s('Que descanses.', 2),
    ],
  },
];

export function findMeditation(id: string): Meditation | undefined {
  return MEDITATIONS.find((m) => m.id === id);
}

/** Spoken text of an audio, paragraph per segment. */
export function transcriptOf(meditation: Meditation): string[] {
  return meditation.segments.map((segment) => segment.say);
}

/** Today's audio: a stable rotation over the catalogue by the user's local day (YYYY-MM-DD). */
export function meditationForDay(day: string): Meditation {
  const [y, m, d] = day.split('-').map(Number);
  const dayNumber = Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000);
  const index = ((dayNumber % MEDITATIONS.length) + MEDITATIONS.length) % MEDITATIONS.length;
  return MEDITATIONS[index] as Meditation;
}

/** A listen counts when at least this share of the audio was played. */
export const LISTEN_THRESHOLD = 0.9;
