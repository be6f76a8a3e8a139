# Source this file (". scripts/node24.sh") to put Node.js 24 first on PATH.
# When the system Node is older, it installs the `node@24` package from the npm registry into
# $NODE24_HOME (default ~/.cache/node24) once; nothing else is downloaded.
_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_node_major" -lt 24 ]; then
  NODE24_HOME=${NODE24_HOME:-$HOME/.cache/node24}
  if [ ! -x "$NODE24_HOME/node_modules/node/bin/node" ]; then
    mkdir -p "$NODE24_HOME"
    (cd "$NODE24_HOME" && npm install --no-save --no-audit --no-fund --loglevel=error node@24 >/dev/null) ||
      echo "node24.sh: could not install node@24 from the npm registry" >&2
  fi
  export PATH="$NODE24_HOME/node_modules/node/bin:$PATH"
fi
unset _node_major
