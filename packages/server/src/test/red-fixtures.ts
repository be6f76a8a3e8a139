/** A second school of the network, as POST /api/escuelas takes it (decision 0036). */
export const NORTE = {
  codigo: 'norte',
  escuelaNombre: 'Escuela N.º 2 Norte',
  direccion: 'Av. Norte 1234',
  telefono: '2400 1234',
  horarios: 'Lunes a viernes de 8 a 16',
};
