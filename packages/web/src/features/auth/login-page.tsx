import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { requestLogin } from './login-api.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

type Busy = 'credentials' | 'guest' | null;

function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return AUTH_MSG.connectionClient;
    if (error.message) return error.message;
  }
  return AUTH_MSG.loginFailedDefault;
}

/** SPEC 2 "Login screen". */
export function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const ids = useId();
  const usernameId = `${ids}-usuario`;
  const passwordId = `${ids}-contrasena`;
  const errorId = `${ids}-error`;
  const guestHintId = `${ids}-visitante`;

  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState<{ username: boolean; password: boolean }>({
    username: false,
    password: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  const login = async (kind: Exclude<Busy, null>, credentials: { username: string; password: string }) => {
    setBusy(kind);
    setError(null);
    try {
      const { token, user } = await requestLogin(credentials);
      signIn(token, user);
      void navigate('/', { replace: true });
    } catch (err) {
      setError(kind === 'guest' ? AUTH_MSG.guestFailed : loginErrorMessage(err));
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const nowMissing = { username: username.trim() === '', password: password === '' };
    setMissing(nowMissing);
    if (nowMissing.username || nowMissing.password) {
      setError(AUTH_MSG.required);
      (nowMissing.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    void login('credentials', { username: username.trim(), password });
  };

  return (
    <main className="login-page" id="contenido-principal">
      <title>Iniciar sesión · Inscripciones</title>
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1 text-center">Inscripciones</h1>
          <p className="text-center text-body-secondary mb-4">Iniciá sesión para continuar</p>

          {error && (
            <Alert variant="danger" id={errorId} role="alert">
              {error}
            </Alert>
          )}

          <Form noValidate onSubmit={onSubmit}>
            <Form.Group className="mb-3" controlId={usernameId}>
              <Form.Label>Usuario</Form.Label>
              <Form.Control
                ref={usernameRef}
                // The login screen has one job: the cursor starts in Usuario. Nothing comes
                // before the form, so moving focus there skips nothing a screen-reader user needs.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                name="username"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                aria-required="true"
                aria-invalid={missing.username || undefined}
                aria-describedby={missing.username && error ? errorId : undefined}
                value={username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  if (missing.username) setMissing((m) => ({ ...m, username: false }));
                }}
                isInvalid={missing.username}
                disabled={busy !== null}
              />
            </Form.Group>

            <Form.Group className="mb-4" controlId={passwordId}>
              <Form.Label>Contraseña</Form.Label>
              <InputGroup>
                <Form.Control
                  ref={passwordRef}
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  aria-required="true"
                  aria-invalid={missing.password || undefined}
                  aria-describedby={missing.password && error ? errorId : undefined}
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    if (missing.password) setMissing((m) => ({ ...m, password: false }));
                  }}
                  isInvalid={missing.password}
                  disabled={busy !== null}
                />
                <Button
                  variant="outline-secondary"
                  type="button"
                  aria-controls={passwordId}
                  onClick={() => setShowPassword((s) => !s)}
                >
                  <span aria-hidden="true">{showPassword ? 'Ocultar' : 'Mostrar'}</span>
                  <span className="visually-hidden">{showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}</span>
                </Button>
              </InputGroup>
            </Form.Group>

            <Button type="submit" variant="primary" className="w-100" disabled={busy !== null}>
              {busy ? 'Iniciando sesión...' : 'Ingresar'}
            </Button>
          </Form>

          <div className="login-divider" aria-hidden="true">
            o
          </div>

          <Button
            type="button"
            variant="outline-secondary"
            className="w-100"
            aria-describedby={guestHintId}
            disabled={busy !== null}
            onClick={() => void login('guest', { ...GUEST_CREDENTIALS })}
          >
            Acceder como visitante
          </Button>
          <p id={guestHintId} className="form-text text-center mb-0 mt-2">
            Acceso de solo lectura - No se requieren credenciales
          </p>
        </Card.Body>
      </Card>
    </main>
  );
}
