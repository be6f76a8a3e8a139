import { MARCAS_AUTO } from '@inscripciones/shared/inscriptos/catalogos.ts';

/** Uruguayan names and places the generator draws from. */

export const NOMBRES_F = [
  'Sofía', 'Valentina', 'Martina', 'Emma', 'Isabella', 'Catalina', 'Lucía', 'Julieta', 'Florencia', 'Agustina',
  'Camila', 'Victoria', 'Josefina', 'Mía', 'Zoe', 'Renata', 'Emilia', 'Guadalupe', 'Olivia', 'Paulina',
  'Inés', 'Belén', 'Abril', 'Antonella', 'Milagros', 'Candela', 'Pilar', 'Ximena', 'María José', 'Ángela',
] as const; // prettier-ignore
export const NOMBRES_M = [
  'José', 'Agustín', 'Benjamín', 'Joaquín', 'Matías', 'Santiago', 'Tomás', 'Bautista', 'Thiago', 'Mateo',
  'Lucas', 'Facundo', 'Nicolás', 'Martín', 'Sebastián', 'Julián', 'Máximo', 'Felipe', 'Ignacio', 'Gael',
  'Bruno', 'Valentín', 'Lautaro', 'Simón', 'Andrés', 'Germán', 'Ramón', 'Juan Pablo', 'Óscar', 'Iván',
] as const; // prettier-ignore
export const APELLIDOS = [
  'Rodríguez', 'González', 'Fernández', 'García', 'Martínez', 'Pérez', 'López', 'Sánchez', 'Suárez', 'Gómez',
  'Díaz', 'Hernández', 'Núñez', 'Muñoz', 'Álvarez', 'Ramírez', 'Sosa', 'Silva', 'Pereira', 'Cabrera',
  'Romero', 'Castro', 'Acosta', 'Méndez', 'Benítez', 'Vázquez', 'Olivera', 'Ferreira', 'Píriz', 'Techera',
  'Correa', 'Da Silva', 'De León', 'Cardozo', 'Morales', 'Giménez', 'Ibáñez', 'Peña', 'Medina', 'Umpiérrez',
  'Bentancor', 'Barrios', 'Rodríguez', 'González', 'Martínez', 'Pérez', 'Fernández', 'Núñez', 'Muñoz', 'Sosa',
] as const; // prettier-ignore
export const CALLES = [
  'Av. José Belloni', 'Av. 8 de Octubre', 'Av. Gral. Flores', 'Camino Maldonado', 'Bv. Artigas', 'Av. Italia',
  'Av. Millán', 'Av. Garzón', 'Camino Carrasco', 'Av. Agraciada', 'Luis Alberto de Herrera', 'Av. Rivera',
  'Av. Instrucciones', 'Av. José Pedro Varela', 'Pedro de Mendoza', 'Camino Corrales', 'Gral. Urquiza',
  'Av. San Martín', 'Juan Jacobo Rousseau', 'Mariano Soler', 'Timbúes', 'Av. Dámaso Antonio Larrañaga',
] as const; // prettier-ignore
export const BARRIOS_OTROS = [
  'Manga',
  'Villa García',
  'Punta de Rieles',
  'Toledo Chico',
  'Jardines del Hipódromo',
  'Peñarol',
];
export const MODELOS: Record<string, readonly string[]> = {
  Chevrolet: ['Onix', 'Prisma', 'Corsa', 'Classic', 'Spin'],
  Volkswagen: ['Gol', 'Up!', 'Voyage', 'Fox', 'Polo'],
  Fiat: ['Uno', 'Palio', 'Mobi', 'Argo', 'Strada'],
  Renault: ['Clio', 'Sandero', 'Logan', 'Kwid'],
  Peugeot: ['206', '207', '208', '301'],
  Suzuki: ['Alto', 'Swift', 'Celerio', 'Baleno'],
  Toyota: ['Etios', 'Yaris', 'Corolla', 'Hilux'],
  Hyundai: ['HB20', 'i10', 'Accent', 'Creta'],
  Kia: ['Picanto', 'Rio', 'Soul'],
  Nissan: ['March', 'Versa', 'Sentra'],
  Citroën: ['C3', 'C4', 'Berlingo'],
  Ford: ['Ka', 'Fiesta', 'Focus', 'EcoSport'],
  Chery: ['QQ', 'Tiggo 2', 'Fulwin'],
  BYD: ['Dolphin', 'Yuan Pro', 'F0'],
};
/** Car makes of the catalogue we have models for (the catalogue may change: checked, not assumed). */
export const MARCAS_CONOCIDAS = Object.keys(MODELOS).filter((m) => MARCAS_AUTO.includes(m));
export const NECESIDADES = [
  'Trastorno del espectro autista, con acompañante terapéutico.',
  'Dificultades del lenguaje; en tratamiento con fonoaudióloga.',
  'TDAH, con seguimiento médico.',
  'Baja visión; usa lentes.',
];
export const OBSERVACIONES = [
  'Vive con la abuela durante la semana.',
  'Retiran la madre o la abuela materna.',
  'Alérgico a la penicilina.',
  'Celíaca: la familia pide menú sin gluten.',
  'Trae la constancia de domicilio la semana próxima.',
  'La familia se mudó hace poco al barrio.',
  'Prefiere turno de la mañana por el trabajo de la madre.',
];
