// Makes a new publisher key pair for signed updates (docs/operations.md, "Publishing an update"): the private
// key (PEM) goes to the build machine's secret store, never into the repository; the public key
// goes into main/update-trust/publisher-keys.ts.
import { generateKeyPairSync } from 'node:crypto';
import { keyIdOf, publicKeyOfPrivate } from '../main/update-trust/update-trust';

const { privateKey } = generateKeyPairSync('ed25519');
const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicKey = publicKeyOfPrivate(pem);
process.stderr.write(
  `Public key (add to main/update-trust/publisher-keys.ts): ${publicKey}\nKey id: ${keyIdOf(publicKey)}\n` +
    "Private key below (stdout): store it in the build machine's secret store as COUNTERTOP_UPDATE_KEY.\n",
);
process.stdout.write(pem);
