// XShell: the only importer of CX11.
import CX11
