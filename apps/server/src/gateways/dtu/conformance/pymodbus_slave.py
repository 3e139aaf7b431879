"""A Modbus RTU slave from pymodbus (an implementation nobody on this project wrote), served over
TCP with RTU framing, the way a DTU forwards a serial bus. Used by dtu-conformance.test.ts.

Prints {"port": N} once listening on 127.0.0.1 (port 0 = any free port). Then answers commands on
stdin, one per line, with one JSON line on stdout:
  hr <address> <count>   holding registers of slave 1
  co <address> <count>   coils of slave 1
Exits when stdin closes.
"""
import asyncio
import json
import struct
import sys

from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.framer.rtu_framer import ModbusRtuFramer
from pymodbus.server.async_io import ModbusTcpServer

SLAVE_ID = 1


def float_cdab(value):
    """32-bit float as two registers, low word first (CDAB)."""
    high, low = struct.unpack(">HH", struct.pack(">f", value))
    return [low, high]


def build_context():
    registers = [1234, 65531] + float_cdab(1234.5678) + [0] * 16
    coils = [True, False] + [False] * 14
    slave = ModbusSlaveContext(
        hr=ModbusSequentialDataBlock(0, registers),
        co=ModbusSequentialDataBlock(0, coils),
        di=ModbusSequentialDataBlock(0, [False] * 16),
        ir=ModbusSequentialDataBlock(0, [0] * 16),
        zero_mode=True,
    )
    return ModbusServerContext(slaves={SLAVE_ID: slave}, single=False)


async def answer_commands(context):
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        parts = line.split()
        if len(parts) != 3 or parts[0] not in ("hr", "co"):
            print(json.dumps({"error": "usage: hr|co <address> <count>"}), flush=True)
            continue
        fx = 3 if parts[0] == "hr" else 1
        values = context[SLAVE_ID].getValues(fx, int(parts[1]), int(parts[2]))
        print(json.dumps([int(v) for v in values]), flush=True)


async def main():
    context = build_context()
    server = ModbusTcpServer(context, framer=ModbusRtuFramer, address=("127.0.0.1", 0))
    serving = asyncio.create_task(server.serve_forever())
    await server.serving
    port = server.server.sockets[0].getsockname()[1]
    print(json.dumps({"port": port}), flush=True)
    await answer_commands(context)
    serving.cancel()


if __name__ == "__main__":
    asyncio.run(main())
