// Runs sandboxed before the renderer: exposes the Bridge, never ipcRenderer itself.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../shared/ipc/contract';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipcRenderer));
